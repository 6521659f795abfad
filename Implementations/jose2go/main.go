// jose2go (Debian golang-github-dvsekhvalnov-jose2go-dev, built with GO111MODULE=off against /usr/share/gocode; the
// installed version is passed in with -ldflags) as a Limited Login server validator, behind the harness protocol
// (Vectors/HARNESS.md). Family: signed-token, documented profile (the JWKS key source).
//
// Configured from jose2go's README: jose.DecodeBytes(token, keyCallback), the callback form of the key ("key
// management" by header) that every caller with several keys writes: it returns the RSA public key of the JWKS entry
// whose kid equals the header's, or an error for a missing or unknown kid (integration, as golang-jwt's keyFunc).
// jose2go 1.5 verifies with the algorithm the header names (no allow-list; alg none needs a nil key, so it is
// refused), has no typ option and validates no claim: `-adapter-checks` adds alg, typ and every claim check
// (implementation.json lists them); without it the answer is jose2go's alone. The protocol loop and the claim
// checks are shared with the other Go adapters (Implementations/shared/go/lcadapter). Every option and why:
// implementation.json's optionsAudit.
package main

import (
	"bytes"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"errors"
	"io"
	"math/big"
	"strings"

	jose "github.com/dvsekhvalnov/jose2go"
	"lcadapter"
)

var libraryVersion = "unknown" // -ldflags "-X main.libraryVersion=..."

type rejected = lcadapter.Rejected

type jwk struct {
	Kid interface{} `json:"kid"`
	Kty string      `json:"kty"`
	N   string      `json:"n"`
	E   string      `json:"e"`
}

type input struct {
	lcadapter.Vector
	Keys struct {
		JWKS struct {
			Keys []jwk `json:"keys"`
		} `json:"jwks"`
	} `json:"keys"`
}

func rsaKey(k jwk) (*rsa.PublicKey, error) {
	n, err := base64.RawURLEncoding.DecodeString(k.N)
	if err != nil {
		return nil, err
	}
	e, err := base64.RawURLEncoding.DecodeString(k.E)
	if err != nil || len(e) == 0 || len(e) > 4 {
		return nil, errors.New("bad exponent")
	}
	exponent := 0
	for _, b := range e {
		exponent = exponent<<8 | int(b)
	}
	return &rsa.PublicKey{N: new(big.Int).SetBytes(n), E: exponent}, nil
}

// The key selection every caller of jose2go with several keys writes: the entry whose kid is the header's.
func keyCallback(in input) func(map[string]interface{}, string) interface{} {
	return func(headers map[string]interface{}, _ string) interface{} {
		kid, ok := headers["kid"].(string)
		if !ok || kid == "" {
			return rejected{Reason: "headerKeyID"}
		}
		for _, k := range in.Keys.JWKS.Keys {
			if id, _ := k.Kid.(string); id == kid && k.Kty == "RSA" {
				key, err := rsaKey(k)
				if err != nil {
					return rejected{Reason: "unknownKeyID"}
				}
				return key
			}
		}
		return rejected{Reason: "unknownKeyID"}
	}
}

func mapError(err error) error {
	var r rejected
	if errors.As(err, &r) {
		return r
	}
	text := err.Error()
	switch {
	case strings.Contains(text, "expects token of 3 or 5 parts"), strings.Contains(text, "Parse"),
		strings.Contains(text, "'enc' header"): // five segments: a JWE, not the compact JWS a JWT is here
		return rejected{Reason: "malformed"}
	case strings.Contains(text, "illegal base64"):
		return rejected{Reason: "badBase64url"}
	case strings.Contains(text, "Unknown algorithm"), strings.Contains(text, "'alg' header is missing"),
		strings.Contains(text, "expects key to be nil"):
		return rejected{Reason: "headerAlgorithm"}
	case strings.Contains(text, "verification error"), strings.Contains(text, "Verify()"):
		return rejected{Reason: "signatureInvalid"}
	case strings.Contains(text, "invalid character"), strings.Contains(text, "unexpected end of JSON"),
		strings.Contains(text, "cannot unmarshal"):
		return rejected{Reason: "badJSON"}
	}
	return err
}

func adapterChecks(headers map[string]interface{}, claims map[string]interface{}, in input, now float64) error {
	if headers["alg"] != "RS256" {
		return rejected{Reason: "headerAlgorithm"}
	}
	if headers["typ"] != "JWT" {
		return rejected{Reason: "headerType"}
	}
	if err := lcadapter.ClaimTypes(claims); err != nil {
		return err
	}
	if iss, _ := claims["iss"].(string); iss != lcadapter.Issuers[0] && iss != lcadapter.Issuers[1] {
		return rejected{Reason: "issuer"}
	}
	if claims["aud"] != in.AppID {
		return rejected{Reason: "audience"}
	}
	if exp, _ := lcadapter.Number(claims["exp"]); !(exp > now) {
		return rejected{Reason: "expired"}
	}
	return lcadapter.ClaimChecks(claims, in.ExpectedNonce, now)
}

func validate(in input, checks bool) (map[string]interface{}, error) {
	now, _ := in.Now.Float64()
	payload, headers, err := jose.DecodeBytes(in.Token, keyCallback(in))
	if err != nil {
		return nil, mapError(err)
	}
	// jose2go returns the payload as bytes: reading the claims is the caller's (one JSON object, nothing after it)
	var value interface{}
	decoder := json.NewDecoder(bytes.NewReader(payload))
	decoder.UseNumber()
	if err := decoder.Decode(&value); err != nil || decoder.More() {
		return nil, rejected{Reason: "badJSON"}
	}
	if _, err := decoder.Token(); err != io.EOF {
		return nil, rejected{Reason: "badJSON"}
	}
	claims, ok := value.(map[string]interface{})
	if !ok {
		return nil, rejected{Reason: "badJSON"}
	}
	return lcadapter.Accepted(claims, checks, func() error { return adapterChecks(headers, claims, in, now) })
}

func main() {
	lcadapter.Serve("jose2go", libraryVersion, validate)
}
