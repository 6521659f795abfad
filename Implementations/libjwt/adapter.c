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

#ifndef LIBJWT_VERSION
#define LIBJWT_VERSION "unknown" /* install.sh passes the installed package version */
#endif
#include <jansson.h>
#include <jwt.h>
#include <openssl/bn.h>
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/param_build.h>
#include <openssl/pem.h>

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
    if (!token) return rejected("malformed");
    size_t dots = 0;
    for (const char *p = token; *p; p++) dots += *p == '.';
    /* The header, for the key selection: jwt_decode without a key verifies nothing. */
    jwt_t *unverified = NULL;
    int code = jwt_decode(&unverified, token, NULL, 0);
    if (code) return rejected(dots != 2 ? "malformed" : "badJSON");
    const char *kid = jwt_get_header(unverified, "kid");
    char *kid_copy = kid && *kid ? strdup(kid) : NULL;
    jwt_free(unverified);
    if (!kid_copy) return rejected("headerKeyID");
    json_t *entry = NULL, *candidate; size_t i;
    json_array_foreach(keys, i, candidate) {
        const char *id = json_string_value(json_object_get(candidate, "kid"));
        if (id && strcmp(id, kid_copy) == 0) { entry = candidate; break; }
    }
    free(kid_copy);
    if (!entry) return rejected("unknownKeyID");
    char *pem = pem_of(entry);
    if (!pem) return rejected("unknownKeyID");
    jwt_t *jwt = NULL;
    code = jwt_decode(&jwt, token, (const unsigned char *)pem, (int)strlen(pem));
    free(pem);
    if (code) {
        /* libjwt answers EINVAL for every refusal; the reason is named from the raw header (libjwt decoding without a
         * key reports alg none): another alg, or the signature */
        return raw_alg_is_rs256(token) ? rejected("signatureInvalid") : rejected("headerAlgorithm");
    }
    char *grants = jwt_get_grants_json(jwt, NULL);
    char *header_text = jwt_get_headers_json(jwt, NULL);
    jwt_free(jwt);
    json_error_t jerr;
    json_t *claims = grants ? json_loads(grants, 0, &jerr) : NULL;
    if (!claims && grants && strstr(jerr.text, "too big")) claims = json_loads(grants, JSON_DECODE_INT_AS_REAL, &jerr);
    json_t *header = header_text ? json_loads(header_text, 0, &jerr) : json_object();
    free(grants); free(header_text);
    if (!json_is_object(claims)) { json_decref(claims); json_decref(header); return rejected("badJSON"); }
    outcome_t o = {NULL, NULL, NULL, NULL};
    if (checks) o = adapter_checks(header ? header : json_object(), claims, input);
    if (!o.reason) o.claims = kept_claims(claims);
    json_decref(claims);
    json_decref(header);
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
                                 "implementation", "name", "libjwt", "version", LIBJWT_VERSION, "language", "c",
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
