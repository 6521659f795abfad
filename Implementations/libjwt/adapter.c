/* libjwt 1.10 (Debian libjwt-dev, OpenSSL flavour; the installed version is reported) as a Limited Login server
 * validator, behind the harness protocol (Vectors/HARNESS.md). Family: signed-token, documented profile (the JWKS key
 * source).
 *
 * Configured from libjwt's API documentation (jwt.h): jwt_decode(&jwt, token, key, key_len) with the PEM public key
 * verifies the signature with the algorithm the header names and parses the grants; jwt_get_grants_json gives them.
 * libjwt 1.10 takes a PEM key and has no JWK support: the key selection and conversion every caller writes
 * (integration, as cpp-jwt's) reads the header's kid (jwt_decode without a key, which verifies nothing), picks the
 * JWKS entry with that kid (refusing a missing or unknown one) and writes its n and e as a PEM public key (OpenSSL).
 * libjwt 1.10 has no algorithm allow-list, no typ option and validates no claim (its jwt_valid_* API came in 1.12):
 * `--adapter-checks` adds alg, typ and every claim check (implementation.json lists them); without it the answer is
 * libjwt's alone. The claims are read with jansson, the JSON library libjwt uses. Every option and why:
 * implementation.json's optionsAudit.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <jansson.h>

#include "lc_adapter.h"  /* Implementations/shared/c: the claims, the adapter checks, the protocol loop */
#include <jwt.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/pem.h>

/* base64url (no padding) to bytes; false when the text is not base64url */
static bool base64url_bytes(const char *text, unsigned char **out, size_t *length) {
    size_t n = strlen(text);
    char *s = malloc(n + 4);
    for (size_t i = 0; i < n; i++) s[i] = text[i] == '-' ? '+' : text[i] == '_' ? '/' : text[i];
    size_t m = n;
    while (m % 4) s[m++] = '=';
    s[m] = 0;
    *out = malloc(m);
    int decoded = EVP_DecodeBlock(*out, (unsigned char *)s, (int)m);
    free(s);
    if (decoded < 0) { free(*out); return false; }
    *length = (size_t)decoded - (m - n);
    return true;
}

/* The integration every caller of libjwt 1.10 writes: a JWK's n and e as a PEM public key (NULL if unusable). */
static char *pem_of(json_t *jwk) {
    const char *n64 = json_string_value(json_object_get(jwk, "n")), *e64 = json_string_value(json_object_get(jwk, "e"));
    unsigned char *n = NULL, *e = NULL; size_t nl = 0, el = 0;
    if (!n64 || !e64 || !base64url_bytes(n64, &n, &nl)) return NULL;
    if (!base64url_bytes(e64, &e, &el)) { free(n); return NULL; }
    BIGNUM *bn_n = BN_bin2bn(n, (int)nl, NULL), *bn_e = BN_bin2bn(e, (int)el, NULL);
    free(n); free(e);
    OSSL_PARAM_BLD *bld = OSSL_PARAM_BLD_new();
    OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_N, bn_n);
    OSSL_PARAM_BLD_push_BN(bld, OSSL_PKEY_PARAM_RSA_E, bn_e);
    OSSL_PARAM *params = OSSL_PARAM_BLD_to_param(bld);
    EVP_PKEY_CTX *ctx = EVP_PKEY_CTX_new_from_name(NULL, "RSA", NULL);
    EVP_PKEY *pkey = NULL;
    char *pem = NULL;
    if (ctx && EVP_PKEY_fromdata_init(ctx) > 0 && EVP_PKEY_fromdata(ctx, &pkey, EVP_PKEY_PUBLIC_KEY, params) > 0) {
        BIO *bio = BIO_new(BIO_s_mem());
        PEM_write_bio_PUBKEY(bio, pkey);
        char *data = NULL;
        long length = BIO_get_mem_data(bio, &data);
        pem = strndup(data, (size_t)length);
        BIO_free(bio);
    }
    EVP_PKEY_free(pkey); EVP_PKEY_CTX_free(ctx); OSSL_PARAM_free(params); OSSL_PARAM_BLD_free(bld);
    BN_free(bn_n); BN_free(bn_e);
    return pem;
}

/* Whether the raw header (base64url-decoded, read with jansson) has alg "RS256". */
static bool raw_alg_is_rs256(const char *token) {
    const char *dot = strchr(token, '.');
    if (!dot) return false;
    char *segment = strndup(token, (size_t)(dot - token));
    unsigned char *bytes = NULL; size_t length = 0;
    bool ok = base64url_bytes(segment, &bytes, &length);
    free(segment);
    if (!ok) return false;
    json_error_t jerr;
    json_t *header = json_loadb((const char *)bytes, length, 0, &jerr);
    free(bytes);
    json_t *alg = json_object_get(header, "alg");
    bool rs256 = json_is_string(alg) && strcmp(json_string_value(alg), "RS256") == 0;
    json_decref(header);
    return rs256;
}

static outcome_t validate(json_t *input, bool checks) {
    const char *token = json_string_value(json_object_get(input, "token"));
    json_t *keys = json_object_get(json_object_get(json_object_get(input, "keys"), "jwks"), "keys");
    if (!token) return lc_rejected("malformed");
    size_t dots = 0;
    for (const char *p = token; *p; p++) dots += *p == '.';
    /* The header, for the key selection: jwt_decode without a key verifies nothing. */
    jwt_t *unverified = NULL;
    int code = jwt_decode(&unverified, token, NULL, 0);
    if (code) return lc_rejected(dots != 2 ? "malformed" : "badJSON");
    const char *kid = jwt_get_header(unverified, "kid");
    char *kid_copy = kid && *kid ? strdup(kid) : NULL;
    jwt_free(unverified);
    if (!kid_copy) return lc_rejected("headerKeyID");
    json_t *entry = NULL, *candidate; size_t i;
    json_array_foreach(keys, i, candidate) {
        const char *id = json_string_value(json_object_get(candidate, "kid"));
        if (id && strcmp(id, kid_copy) == 0) { entry = candidate; break; }
    }
    free(kid_copy);
    if (!entry) return lc_rejected("unknownKeyID");
    char *pem = pem_of(entry);
    if (!pem) return lc_rejected("unknownKeyID");
    jwt_t *jwt = NULL;
    code = jwt_decode(&jwt, token, (const unsigned char *)pem, (int)strlen(pem));
    free(pem);
    if (code) {
        /* libjwt answers EINVAL for every refusal; the reason is named from the raw header (libjwt decoding without a
         * key reports alg none): another alg, or the signature */
        return raw_alg_is_rs256(token) ? lc_rejected("signatureInvalid") : lc_rejected("headerAlgorithm");
    }
    char *grants = jwt_get_grants_json(jwt, NULL);
    char *header_text = jwt_get_headers_json(jwt, NULL);
    jwt_free(jwt);
    json_error_t jerr;
    json_t *claims = grants ? json_loads(grants, 0, &jerr) : NULL;
    if (!claims && grants && strstr(jerr.text, "too big")) claims = json_loads(grants, JSON_DECODE_INT_AS_REAL, &jerr);
    json_t *header = header_text ? json_loads(header_text, 0, &jerr) : json_object();
    free(grants); free(header_text);
    if (!json_is_object(claims)) { json_decref(claims); json_decref(header); return lc_rejected("badJSON"); }
    outcome_t o = {NULL, NULL, NULL, NULL};
    if (checks) o = lc_adapter_checks(header ? header : json_object(), claims, input);
    if (!o.reason) o.claims = lc_kept_claims(claims);
    json_decref(claims);
    json_decref(header);
    return o;
}

int main(int argc, char **argv) {
    return lc_adapter_main(argc, argv, "libjwt", LC_LIBRARY_VERSION /* libjwt-dev's installed version (build.sh) */, validate);
}
