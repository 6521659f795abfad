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

static const char *REQUIRED[] = {"jti", "iss", "aud", "exp", "iat", "nonce", "sub"};
static const char *OPTIONAL_STRINGS[] = {"name", "given_name", "middle_name", "family_name", "email", "picture",
                                         "user_birthday", "user_gender", "user_link"};
static const char *ISSUERS[] = {"https://www.facebook.com", "https://limited.facebook.com"};
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

typedef struct {
    const char *reason;  /* NULL: accepted */
    const char *claim;
    json_t *claims;      /* the accepted answer's claims */
    char *error;         /* an error the adapter cannot map */
} outcome_t;

static outcome_t rejected(const char *reason) { outcome_t o = {reason, NULL, NULL, NULL}; return o; }
static outcome_t rejected_claim(const char *reason, const char *claim) {
    outcome_t o = {reason, claim, NULL, NULL}; return o;
}
static outcome_t errored(const char *what, cjose_err *err) {
    outcome_t o = {NULL, NULL, NULL, NULL};
    if (asprintf(&o.error, "%s: %s", what, err && err->message ? err->message : "failed") < 0) o.error = NULL;
    return o;
}

static bool in_list(const char *value, const char **list, size_t n) {
    for (size_t i = 0; i < n; i++) if (strcmp(value, list[i]) == 0) return true;
    return false;
}

static bool all_of(json_t *container, int (*check)(const json_t *)) {
    size_t i; const char *k; json_t *v;
    if (json_is_array(container)) { json_array_foreach(container, i, v) if (!check(v)) return false; return true; }
    json_object_foreach(container, k, v) if (!check(v)) return false;
    return true;
}
static int is_string(const json_t *v) { return json_is_string(v); }
static int is_number(const json_t *v) { return json_is_number(v); }

static bool optional_kept(const char *name, json_t *value) {
    if (in_list(name, OPTIONAL_STRINGS, COUNT(OPTIONAL_STRINGS))) return json_is_string(value);
    if (strcmp(name, "user_friends") == 0) return json_is_array(value) && all_of(value, is_string);
    if (strcmp(name, "user_age_range") == 0)
        return json_is_object(value) && json_object_size(value) > 0 && all_of(value, is_number);
    if (strcmp(name, "user_hometown") == 0 || strcmp(name, "user_location") == 0)
        return json_is_object(value) && json_object_size(value) > 0 && all_of(value, is_string);
    return false;
}

static json_t *kept_claims(json_t *claims) {
    json_t *kept = json_object();
    for (size_t i = 0; i < COUNT(REQUIRED); i++) {
        json_t *v = json_object_get(claims, REQUIRED[i]);
        json_object_set(kept, REQUIRED[i], v ? v : json_null());
    }
    /* The outcome's aud is a string: an accepted aud array of one string is that string (DECISIONS.md D54). */
    json_t *aud = json_object_get(claims, "aud");
    if (json_is_array(aud) && json_array_size(aud) == 1 && json_is_string(json_array_get(aud, 0)))
        json_object_set(kept, "aud", json_array_get(aud, 0));
    const char *name; json_t *value;
    json_object_foreach(claims, name, value) {
        if (in_list(name, REQUIRED, COUNT(REQUIRED))) continue;
        if (strcmp(name, "cnf") == 0) {
            json_t *jkt = json_object_get(value, "jkt");
            if (json_is_object(value) && json_is_string(jkt) && json_string_length(jkt) > 0)
                json_object_set_new(kept, "cnf", json_pack("{sO}", "jkt", jkt));
        } else if (optional_kept(name, value)) {
            json_object_set(kept, name, value);
        }
    }
    return kept;
}

/* The adapter checks (Implementations/adapter-checks.json); outcome.reason NULL when they pass. */
static outcome_t adapter_checks(json_t *header, json_t *claims, json_t *input) {
    json_t *alg = json_object_get(header, "alg"), *typ = json_object_get(header, "typ");
    if (!json_is_string(alg) || strcmp(json_string_value(alg), "RS256") != 0) return rejected("headerAlgorithm");
    if (!json_is_string(typ) || strcmp(json_string_value(typ), "JWT") != 0) return rejected("headerType");
    for (size_t i = 0; i < COUNT(REQUIRED); i++)
        if (!json_object_get(claims, REQUIRED[i])) return rejected_claim("missingClaim", REQUIRED[i]);
    for (size_t i = 0; i < COUNT(REQUIRED); i++) {
        json_t *v = json_object_get(claims, REQUIRED[i]);
        bool numeric = strcmp(REQUIRED[i], "exp") == 0 || strcmp(REQUIRED[i], "iat") == 0;
        if (numeric ? !json_is_number(v) : !json_is_string(v)) return rejected_claim("wrongClaimType", REQUIRED[i]);
    }
    const char *nonempty[] = {"jti", "sub", "nonce"};
    for (size_t i = 0; i < COUNT(nonempty); i++)
        if (json_string_length(json_object_get(claims, nonempty[i])) == 0) return rejected_claim("emptyClaim", nonempty[i]);
    if (!in_list(json_string_value(json_object_get(claims, "iss")), ISSUERS, COUNT(ISSUERS))) return rejected("issuer");
    if (!json_equal(json_object_get(claims, "aud"), json_object_get(input, "appID"))) return rejected("audience");
    double now = json_number_value(json_object_get(input, "now"));
    if (!(json_number_value(json_object_get(claims, "exp")) > now)) return rejected("expired");
    if (json_number_value(json_object_get(claims, "iat")) < now - 600) return rejected("issuedTooLongAgo");
    if (!json_equal(json_object_get(claims, "nonce"), json_object_get(input, "expectedNonce")))
        return rejected("nonceMismatch");
    outcome_t ok = {NULL, NULL, NULL, NULL};
    return ok;
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
    if (!token) return rejected("malformed");
    cjose_err err = {0};
    cjose_jws_t *jws = cjose_jws_import(token, strlen(token), &err);
    if (!jws) {
        /* cjose refuses the compact serialization (the number of segments, base64url, the header's JSON, an alg it
         * does not know); the reason is named from the raw token */
        size_t dots = 0;
        for (const char *p = token; *p; p++) dots += *p == '.';
        if (dots != 2) return rejected("malformed");
        return rejected(raw_alg_is_rs256(token) ? "badJSON" : "headerAlgorithm");
    }
    json_t *header = (json_t *)cjose_jws_get_protected(jws);
    /* The key selection every caller of cjose writes: the JWKS entry whose kid is the header's, no fall-back. */
    json_t *kid = json_object_get(header, "kid");
    if (!json_is_string(kid) || json_string_length(kid) == 0) { cjose_jws_release(jws); return rejected("headerKeyID"); }
    json_t *entry = NULL, *candidate; size_t i;
    json_array_foreach(keys, i, candidate) {
        if (json_equal(json_object_get(candidate, "kid"), kid)) { entry = candidate; break; }
    }
    if (!entry) { cjose_jws_release(jws); return rejected("unknownKeyID"); }
    char *entry_json = json_dumps(entry, JSON_COMPACT);
    cjose_jwk_t *jwk = cjose_jwk_import(entry_json, strlen(entry_json), &err);
    free(entry_json);
    if (!jwk) { cjose_jws_release(jws); return rejected("unknownKeyID"); }  /* cjose cannot use the key */
    bool verified = cjose_jws_verify(jws, jwk, &err);
    cjose_jwk_release(jwk);
    if (!verified) {
        json_t *alg = json_object_get(header, "alg");
        outcome_t o = err.code == CJOSE_ERR_CRYPTO ? rejected("signatureInvalid")
                    : (!json_is_string(alg) || strcmp(json_string_value(alg), "RS256") != 0) ? rejected("headerAlgorithm")
                    : errored("cjose_jws_verify", &err);
        cjose_jws_release(jws);
        return o;
    }
    uint8_t *plaintext = NULL; size_t length = 0;
    if (!cjose_jws_get_plaintext(jws, &plaintext, &length, &err)) { cjose_jws_release(jws); return errored("plaintext", &err); }
    json_error_t jerr;
    json_t *claims = json_loadb((const char *)plaintext, length, 0, &jerr);  /* jansson as cjose reads its headers */
    if (!claims && strstr(jerr.text, "too big")) claims = json_loadb((const char *)plaintext, length, JSON_DECODE_INT_AS_REAL, &jerr);
    if (!json_is_object(claims)) { json_decref(claims); cjose_jws_release(jws); return rejected("badJSON"); }
    outcome_t o = {NULL, NULL, NULL, NULL};
    if (checks) o = adapter_checks(header, claims, input);
    if (!o.reason) o.claims = kept_claims(claims);
    json_decref(claims);
    cjose_jws_release(jws);
    return o;
}

static void write_line(json_t *message) {
    char *text = json_dumps(message, JSON_COMPACT | JSON_ENSURE_ASCII | JSON_REAL_PRECISION(17));
    if (!text) text = strdup("{\"type\":\"errored\",\"message\":\"the answer cannot be written as JSON\"}");
    fputs(text, stdout); fputc('\n', stdout); fflush(stdout);
    free(text);
    json_decref(message);
}

int main(int argc, char **argv) {
    bool checks = false;
    for (int i = 1; i < argc; i++) if (strcmp(argv[i], "--adapter-checks") == 0) checks = true;
    char *line = NULL; size_t capacity = 0;
    while (getline(&line, &capacity, stdin) > 0) {
        json_error_t jerr;
        json_t *request = json_loads(line, 0, &jerr);
        if (!request) continue;
        const char *type = json_string_value(json_object_get(request, "type"));
        json_t *seq = json_object_get(request, "seq");
        if (type && strcmp(type, "start") == 0) {
            write_line(json_pack("{ss si s{ss ss ss} s[s] ss}", "type", "started", "protocolVersion", 1,
                                 "implementation", "name", "cjose", "version", cjose_version(), "language", "c",
                                 "capabilities", "signed-token", "profile", "documented"));
        } else if (type && strcmp(type, "stop") == 0) {
            json_decref(request);
            break;
        } else if (type && strcmp(type, "run") == 0) {
            const char *family = json_string_value(json_object_get(request, "family"));
            if (!family || strcmp(family, "signed-token") != 0) {
                write_line(json_pack("{ss sO ss}", "type", "skipped", "seq", seq, "reason", "family not adopted"));
            } else {
                outcome_t o = validate(json_object_get(request, "input"), checks);
                if (o.error) {
                    write_line(json_pack("{ss sO ss}", "type", "errored", "seq", seq, "message", o.error));
                    free(o.error);
                } else if (o.reason) {
                    json_t *outcome = json_pack("{ss ss}", "result", "rejected", "reason", o.reason);
                    if (o.claim) json_object_set_new(outcome, "claim", json_string(o.claim));
                    write_line(json_pack("{ss sO so}", "type", "result", "seq", seq, "outcome", outcome));
                } else {
                    write_line(json_pack("{ss sO s{ss so}}", "type", "result", "seq", seq, "outcome",
                                         "result", "accepted", "claims", o.claims));
                }
            }
        }
        json_decref(request);
    }
    free(line);
    return 0;
}
