/* cjose (Debian libcjose-dev; the installed version is reported) as a Limited Login server validator, behind the
 * harness protocol (Vectors/HARNESS.md). Family: signed-token, documented profile (the JWKS key source).
 *
 * Configured from cjose's API documentation (jws.h, jwk.h): cjose_jws_import(token) parses the compact JWS,
 * cjose_jwk_import(the JWKS entry the header's kid names) the key, cjose_jws_verify(jws, jwk) checks the signature
 * with the algorithm of the header, and cjose_jws_get_plaintext gives the payload. cjose has no JWK set: the key
 * selection every caller writes picks the entry whose kid equals the header's and refuses a missing or unknown kid
 * (integration, as golang-jwt's keyFunc). cjose is a JOSE library: it has no allow-list of algorithms, no typ option,
 * and validates no claim (the payload is bytes); the claims are read with jansson, the JSON library cjose itself uses.
 * `--adapter-checks` adds alg, typ and every claim check (implementation.json lists them); without it the answer is
 * cjose's alone. Every option and why: implementation.json's optionsAudit.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <cjose/cjose.h>
#include <jansson.h>

#include "lc_adapter.h"  /* Implementations/shared/c: the claims, the adapter checks, the protocol loop */

static outcome_t errored(const char *what, cjose_err *err) {
    outcome_t o = {NULL, NULL, NULL, NULL};
    if (asprintf(&o.error, "%s: %s", what, err && err->message ? err->message : "failed") < 0) o.error = NULL;
    return o;
}

/* Whether the raw header (base64url-decoded, read with jansson) has alg "RS256"; true when it cannot be read. */
static bool raw_alg_is_rs256(const char *token) {
    const char *dot = strchr(token, '.');
    uint8_t *bytes = NULL; size_t length = 0; cjose_err err = {0};
    if (!dot || !cjose_base64url_decode(token, (size_t)(dot - token), &bytes, &length, &err)) return true;
    json_error_t jerr;
    json_t *header = json_loadb((const char *)bytes, length, 0, &jerr);
    free(bytes);
    if (!json_is_object(header)) { json_decref(header); return true; }
    json_t *alg = json_object_get(header, "alg");
    bool rs256 = json_is_string(alg) && strcmp(json_string_value(alg), "RS256") == 0;
    json_decref(header);
    return rs256;
}

static outcome_t validate(json_t *input, bool checks) {
    const char *token = json_string_value(json_object_get(input, "token"));
    json_t *keys = json_object_get(json_object_get(json_object_get(input, "keys"), "jwks"), "keys");
    if (!token) return lc_rejected("malformed");
    cjose_err err = {0};
    cjose_jws_t *jws = cjose_jws_import(token, strlen(token), &err);
    if (!jws) {
        /* cjose refuses the compact serialization (the number of segments, base64url, the header's JSON, an alg it
         * does not know); the reason is named from the raw token */
        size_t dots = 0;
        for (const char *p = token; *p; p++) dots += *p == '.';
        if (dots != 2) return lc_rejected("malformed");
        return lc_rejected(raw_alg_is_rs256(token) ? "badJSON" : "headerAlgorithm");
    }
    json_t *header = (json_t *)cjose_jws_get_protected(jws);
    /* The key selection every caller of cjose writes: the JWKS entry whose kid is the header's, no fall-back. */
    json_t *kid = json_object_get(header, "kid");
    if (!json_is_string(kid) || json_string_length(kid) == 0) { cjose_jws_release(jws); return lc_rejected("headerKeyID"); }
    json_t *entry = NULL, *candidate; size_t i;
    json_array_foreach(keys, i, candidate) {
        if (json_equal(json_object_get(candidate, "kid"), kid)) { entry = candidate; break; }
    }
    if (!entry) { cjose_jws_release(jws); return lc_rejected("unknownKeyID"); }
    char *entry_json = json_dumps(entry, JSON_COMPACT);
    cjose_jwk_t *jwk = cjose_jwk_import(entry_json, strlen(entry_json), &err);
    free(entry_json);
    if (!jwk) { cjose_jws_release(jws); return lc_rejected("unknownKeyID"); }  /* cjose cannot use the key */
    bool verified = cjose_jws_verify(jws, jwk, &err);
    cjose_jwk_release(jwk);
    if (!verified) {
        json_t *alg = json_object_get(header, "alg");
        outcome_t o = err.code == CJOSE_ERR_CRYPTO ? lc_rejected("signatureInvalid")
                    : (!json_is_string(alg) || strcmp(json_string_value(alg), "RS256") != 0) ? lc_rejected("headerAlgorithm")
                    : errored("cjose_jws_verify", &err);
        cjose_jws_release(jws);
        return o;
    }
    uint8_t *plaintext = NULL; size_t length = 0;
    if (!cjose_jws_get_plaintext(jws, &plaintext, &length, &err)) { cjose_jws_release(jws); return errored("plaintext", &err); }
    json_error_t jerr;
    json_t *claims = json_loadb((const char *)plaintext, length, 0, &jerr);  /* jansson as cjose reads its headers */
    if (!claims && strstr(jerr.text, "too big")) claims = json_loadb((const char *)plaintext, length, JSON_DECODE_INT_AS_REAL, &jerr);
    if (!json_is_object(claims)) { json_decref(claims); cjose_jws_release(jws); return lc_rejected("badJSON"); }
    outcome_t o = {NULL, NULL, NULL, NULL};
    if (checks) o = lc_adapter_checks(header, claims, input);
    if (!o.reason) o.claims = lc_kept_claims(claims);
    json_decref(claims);
    cjose_jws_release(jws);
    return o;
}

int main(int argc, char **argv) {
    return lc_adapter_main(argc, argv, "cjose", cjose_version(), validate);
}
