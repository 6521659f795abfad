// golang-jwt/jwt v4 (Debian package golang-github-golang-jwt-jwt-dev, built with GO111MODULE=off against
// /usr/share/gocode; the installed version is passed in with -ldflags) as a Limited Login server validator, behind
// the harness protocol (Vectors/HARNESS.md). Family: signed-token, documented profile (the JWKS key source).
//
// Configured from golang-jwt's documentation: jwt.NewParser(jwt.WithValidMethods([]string{"RS256"}),
// jwt.WithJSONNumber()).Parse(token, keyFunc) with MapClaims, jwt.TimeFunc set to the vector's now, then the claim
// methods it offers: VerifyExpiresAt(now, true), VerifyIssuedAt(now, true), VerifyAudience(appID, true) and
// VerifyIssuer(iss, true) for one of the documented issuers. golang-jwt has no JWKS support, so the keyFunc (code
// the library requires every caller to write) picks the JWKS key whose kid equals the header's, and refuses a
// missing or unknown kid. golang-jwt has no option for the nonce, the typ header, a maximum token age or the JSON
// types of jti/sub/nonce: `-adapter-checks` adds those (implementation.json lists them). The protocol loop, the
// claim checks and the accepted outcome are shared with the go-jose adapter (Implementations/shared/go/lcadapter).
package main

import (
	"crypto/rsa"
	"encoding/base64"
	"errors"
	"math/big"
	"strings"
	"time"

	jwt "github.com/golang-jwt/jwt"
	"lcadapter"
)

var libraryVersion = "unknown" // -ldflags "-X main.libraryVersion=..."

type rejected = lcadapter.Rejected

var issuers = lcadapter.Issuers

type jwk struct {
	Kid string `json:"kid"`
	Kty string `json:"kty"`
	N   string `json:"n"`
	E   string `json:"e"`
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
	if err != nil {
		return nil, err
	}
	return &rsa.PublicKey{N: new(big.Int).SetBytes(n), E: int(new(big.Int).SetBytes(e).Int64())}, nil
}

func keyFunc(in input) jwt.Keyfunc {
	return func(t *jwt.Token) (interface{}, error) {
		kid, ok := t.Header["kid"].(string)
		if !ok || kid == "" {
			return nil, rejected{Reason: "headerKeyID"}
		}
		for _, k := range in.Keys.JWKS.Keys {
			if k.Kid == kid && k.Kty == "RSA" {
				return rsaKey(k)
			}
		}
		return nil, rejected{Reason: "unknownKeyID"}
	}
}

func mapError(err error) error {
	var r rejected
	if errors.As(err, &r) {
		return r
	}
	var v *jwt.ValidationError
	if !errors.As(err, &v) {
		return err
	}
	text := err.Error()
	switch {
	case v.Errors&jwt.ValidationErrorMalformed != 0:
		if strings.Contains(text, "segments") {
			return rejected{Reason: "malformed"}
		}
		if strings.Contains(text, "base64") {
			return rejected{Reason: "badBase64url"}
		}
		return rejected{Reason: "badJSON"}
	case v.Errors&jwt.ValidationErrorUnverifiable != 0:
		if strings.Contains(text, "signing method") {
			return rejected{Reason: "headerAlgorithm"}
		}
		return err
	case v.Errors&jwt.ValidationErrorSignatureInvalid != 0:
		if strings.Contains(text, "signing method") {
			return rejected{Reason: "headerAlgorithm"}
		}
		return rejected{Reason: "signatureInvalid"}
	case v.Errors&jwt.ValidationErrorExpired != 0:
		return rejected{Reason: "expired"}
	}
	return err
}

func adapterChecks(t *jwt.Token, claims jwt.MapClaims, in input, now float64) error {
	if typ, _ := t.Header["typ"].(string); typ != "JWT" {
		return rejected{Reason: "headerType"}
	}
	return lcadapter.ClaimChecks(claims, in.ExpectedNonce, now)
}

func validate(in input, checks bool) (map[string]interface{}, error) {
	now, _ := in.Now.Float64()
	sec := int64(now)
	jwt.TimeFunc = func() time.Time { return time.Unix(sec, int64((now-float64(sec))*1e9)) }
	parser := jwt.NewParser(jwt.WithValidMethods([]string{"RS256"}), jwt.WithJSONNumber())
	claims := jwt.MapClaims{}
	token, err := parser.ParseWithClaims(in.Token, claims, keyFunc(in))
	if err != nil {
		return nil, mapError(err)
	}
	nowUnix := jwt.TimeFunc().Unix()
	if !claims.VerifyExpiresAt(nowUnix, true) {
		if _, present := claims["exp"]; !present {
			return nil, rejected{Reason: "missingClaim", Claim: "exp"}
		}
		return nil, rejected{Reason: "expired"}
	}
	if !claims.VerifyIssuedAt(nowUnix, true) {
		if _, present := claims["iat"]; !present {
			return nil, rejected{Reason: "missingClaim", Claim: "iat"}
		}
		return nil, errors.New("VerifyIssuedAt: iat in the future")
	}
	if !claims.VerifyAudience(in.AppID, true) {
		if _, present := claims["aud"]; !present {
			return nil, rejected{Reason: "missingClaim", Claim: "aud"}
		}
		return nil, rejected{Reason: "audience"}
	}
	if !claims.VerifyIssuer(issuers[0], true) && !claims.VerifyIssuer(issuers[1], true) {
		if _, present := claims["iss"]; !present {
			return nil, rejected{Reason: "missingClaim", Claim: "iss"}
		}
		return nil, rejected{Reason: "issuer"}
	}
	return lcadapter.Accepted(claims, checks, func() error { return adapterChecks(token, claims, in, now) })
}

func main() {
	lcadapter.Serve("golang-jwt/jwt", libraryVersion, validate)
}
