/* What every C adapter of Implementations/ shares: lc_adapter.h says what each piece is. */
#define _GNU_SOURCE
#include "lc_adapter.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *REQUIRED[] = {"jti", "iss", "aud", "exp", "iat", "nonce", "sub"};
static const char *OPTIONAL_STRINGS[] = {"name", "given_name", "middle_name", "family_name", "email", "picture",
                                         "user_birthday", "user_gender", "user_link"};
static const char *ISSUERS[] = {"https://www.facebook.com", "https://limited.facebook.com"};
#define COUNT(a) (sizeof(a) / sizeof((a)[0]))

outcome_t lc_rejected(const char *reason) { outcome_t o = {reason, NULL, NULL, NULL}; return o; }
outcome_t lc_rejected_claim(const char *reason, const char *claim) {
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

json_t *lc_kept_claims(json_t *claims) {
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

outcome_t lc_adapter_checks(json_t *header, json_t *claims, json_t *input) {
    json_t *alg = json_object_get(header, "alg"), *typ = json_object_get(header, "typ");
    if (!json_is_string(alg) || strcmp(json_string_value(alg), "RS256") != 0) return lc_rejected("headerAlgorithm");
    if (!json_is_string(typ) || strcmp(json_string_value(typ), "JWT") != 0) return lc_rejected("headerType");
    for (size_t i = 0; i < COUNT(REQUIRED); i++)
        if (!json_object_get(claims, REQUIRED[i])) return lc_rejected_claim("missingClaim", REQUIRED[i]);
    for (size_t i = 0; i < COUNT(REQUIRED); i++) {
        json_t *v = json_object_get(claims, REQUIRED[i]);
        bool numeric = strcmp(REQUIRED[i], "exp") == 0 || strcmp(REQUIRED[i], "iat") == 0;
        if (numeric ? !json_is_number(v) : !json_is_string(v)) return lc_rejected_claim("wrongClaimType", REQUIRED[i]);
    }
    const char *nonempty[] = {"jti", "sub", "nonce"};
    for (size_t i = 0; i < COUNT(nonempty); i++)
        if (json_string_length(json_object_get(claims, nonempty[i])) == 0) return lc_rejected_claim("emptyClaim", nonempty[i]);
    if (!in_list(json_string_value(json_object_get(claims, "iss")), ISSUERS, COUNT(ISSUERS))) return lc_rejected("issuer");
    if (!json_equal(json_object_get(claims, "aud"), json_object_get(input, "appID"))) return lc_rejected("audience");
    double now = json_number_value(json_object_get(input, "now"));
    if (!(json_number_value(json_object_get(claims, "exp")) > now)) return lc_rejected("expired");
    if (json_number_value(json_object_get(claims, "iat")) < now - 600) return lc_rejected("issuedTooLongAgo");
    if (!json_equal(json_object_get(claims, "nonce"), json_object_get(input, "expectedNonce")))
        return lc_rejected("nonceMismatch");
    outcome_t ok = {NULL, NULL, NULL, NULL};
    return ok;
}

static void write_line(json_t *message) {
    char *text = json_dumps(message, JSON_COMPACT | JSON_ENSURE_ASCII | JSON_REAL_PRECISION(17));
    if (!text) text = strdup("{\"type\":\"errored\",\"message\":\"the answer cannot be written as JSON\"}");
    fputs(text, stdout); fputc('\n', stdout); fflush(stdout);
    free(text);
    json_decref(message);
}

int lc_adapter_main(int argc, char **argv, const char *name, const char *version,
                    outcome_t (*validate)(json_t *input, bool checks)) {
    bool checks = false;
    for (int i = 1; i < argc; i++) if (strcmp(argv[i], "--adapter-checks") == 0) checks = true;
    char *line = NULL; size_t capacity = 0;
    while (getline(&line, &capacity, stdin) > 0) {
        json_error_t jerr;
        /* A JSON string may hold U+0000 (RFC 8259 §7), which jansson refuses unless asked: a request whose input
           holds one must be answered like any other, never dropped. */
        json_t *request = json_loads(line, JSON_ALLOW_NUL, &jerr);
        if (!request) {
            fprintf(stderr, "lc_adapter: a request line that is not JSON: %s\n", jerr.text);
            continue;
        }
        const char *type = json_string_value(json_object_get(request, "type"));
        json_t *seq = json_object_get(request, "seq");
        if (type && strcmp(type, "start") == 0) {
            write_line(json_pack("{ss si s{ss ss ss} s[s] ss}", "type", "started", "protocolVersion", 1,
                                 "implementation", "name", name, "version", version, "language", "c",
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
