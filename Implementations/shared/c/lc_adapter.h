/* What every C adapter of Implementations/ shares (Vectors/HARNESS.md): the answer of one signed-token vector, the
 * claims an accepted answer carries, the adapter checks of Implementations/adapter-checks.json, and the protocol loop.
 * The claims are JSON values of jansson, the JSON library cjose and libjwt use. An adapter defines how its library
 * validates one vector and calls lc_adapter_main; install.sh compiles this file with it.
 */
#ifndef LC_ADAPTER_H
#define LC_ADAPTER_H

#include <stdbool.h>
#include <jansson.h>

typedef struct {
    const char *reason;  /* NULL: accepted */
    const char *claim;
    json_t *claims;      /* the accepted answer's claims */
    char *error;         /* an error the adapter cannot map */
} outcome_t;

outcome_t lc_rejected(const char *reason);
outcome_t lc_rejected_claim(const char *reason, const char *claim);

/* The claims an accepted answer carries: the required ones, and the optional ones of the shape the family keeps. */
json_t *lc_kept_claims(json_t *claims);

/* The adapter checks (Implementations/adapter-checks.json): alg, typ, every claim; outcome.reason NULL when they pass. */
outcome_t lc_adapter_checks(json_t *header, json_t *claims, json_t *input);

/* The protocol loop on standard input and output: the handshake (name, version, language c, signed-token, the
 * documented profile), `validate` for each signed-token vector (`checks`: --adapter-checks was given), skipped for
 * the other families, exit at stop or at the end of the input. */
int lc_adapter_main(int argc, char **argv, const char *name, const char *version,
                    outcome_t (*validate)(json_t *input, bool checks));

#endif
