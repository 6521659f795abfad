// go-jose v2 (gopkg.in/square/go-jose.v2; Debian package golang-gopkg-square-go-jose.v2-dev, built with
// GO111MODULE=off against /usr/share/gocode; the installed version is passed in with -ldflags) as a Limited Login
// server validator, behind the harness protocol (Vectors/HARNESS.md). Family: signed-token, documented profile.
//
// Configured from go-jose's documentation (package jwt): jwt.ParseSigned(token), then tok.Claims(jwks, &claims,
// &all) with the JWKS as a *jose.JSONWebKeySet (go-jose picks the key by the header's kid), then
// claims.ValidateWithLeeway(jwt.Expected{Issuer, Audience, Time: the vector's now}, 0) once per documented issuer.
// go-jose v2 has no algorithm allow-list (v3 added one), no required claims and no option for the nonce, the typ
// header, a maximum token age or the JSON types of jti/sub/nonce: `-adapter-checks` adds those
// (implementation.json lists them). The protocol loop, the claim checks and the accepted outcome are shared with
// the golang-jwt adapter (Implementations/shared/go/lcadapter).
package main

import (
	"encoding/json"
	"errors"
	"strings"
	"time"

	jose "gopkg.in/square/go-jose.v2"
	"gopkg.in/square/go-jose.v2/jwt"
	"lcadapter"
)

var libraryVersion = "unknown" // -ldflags "-X main.libraryVersion=..."

type rejected = lcadapter.Rejected

var issuers = lcadapter.Issuers

type input = lcadapter.JWKSVector

func mapError(err error) error {
	text := err.Error()
	switch {
	case errors.Is(err, jwt.ErrExpired):
		return rejected{Reason: "expired"}
	case errors.Is(err, jwt.ErrInvalidAudience):
		return rejected{Reason: "audience"}
	case errors.Is(err, jwt.ErrInvalidIssuer):
		return rejected{Reason: "issuer"}
	case errors.Is(err, jwt.ErrUnmarshalNumericDate):
		return rejected{Reason: "wrongClaimType", Claim: "exp"} // exp or iat: go-jose's error does not say which
	case strings.Contains(text, "duplicate key"):
		return rejected{Reason: "badJSON"}
	case errors.Is(err, jwt.ErrUnmarshalAudience):
		return rejected{Reason: "wrongClaimType", Claim: "aud"}
	case errors.Is(err, jose.ErrCryptoFailure):
		return rejected{Reason: "signatureInvalid"}
	case errors.Is(err, jose.ErrUnsupportedKeyType):
		return rejected{Reason: "unknownKeyID"} // no kid, or a kid the set lacks: go-jose has no key to try
	case errors.Is(err, jose.ErrUnsupportedAlgorithm):
		return rejected{Reason: "headerAlgorithm"}
	case strings.Contains(text, "compact JWS format must have three parts"):
		return rejected{Reason: "malformed"}
	case strings.Contains(text, "illegal base64"):
		return rejected{Reason: "badBase64url"}
	case strings.Contains(text, "invalid character") || strings.Contains(text, "unexpected end of JSON") ||
		strings.Contains(text, "cannot unmarshal"):
		return rejected{Reason: "badJSON"}
	}
	return err
}

func adapterChecks(tok *jwt.JSONWebToken, claims map[string]interface{}, in input, now float64) error {
	header := tok.Headers[0]
	if header.Algorithm != "RS256" {
		return rejected{Reason: "headerAlgorithm"}
	}
	if typ, _ := header.ExtraHeaders[jose.HeaderType].(string); typ != "JWT" {
		return rejected{Reason: "headerType"}
	}
	if header.KeyID == "" {
		return rejected{Reason: "headerKeyID"}
	}
	return lcadapter.ClaimChecks(claims, in.ExpectedNonce, now)
}

func validate(in input, checks bool) (map[string]interface{}, error) {
	now, _ := in.Now.Float64()
	sec := int64(now)
	var jwks jose.JSONWebKeySet
	if err := json.Unmarshal(in.Keys.JWKS, &jwks); err != nil {
		return nil, err
	}
	tok, err := jwt.ParseSigned(in.Token)
	if err != nil {
		return nil, mapError(err)
	}
	var claims jwt.Claims
	var raw json.RawMessage
	if err := tok.Claims(&jwks, &claims, &raw); err != nil {
		return nil, mapError(err)
	}
	all := map[string]interface{}{}
	decoder := json.NewDecoder(strings.NewReader(string(raw)))
	decoder.UseNumber()
	if err := decoder.Decode(&all); err != nil {
		return nil, rejected{Reason: "badJSON"}
	}
	at := time.Unix(sec, int64((now-float64(sec))*1e9))
	err = claims.ValidateWithLeeway(jwt.Expected{Issuer: issuers[0], Audience: jwt.Audience{in.AppID}, Time: at}, 0)
	if errors.Is(err, jwt.ErrInvalidIssuer) {
		err = claims.ValidateWithLeeway(jwt.Expected{Issuer: issuers[1], Audience: jwt.Audience{in.AppID}, Time: at}, 0)
	}
	if err != nil {
		return nil, mapError(err)
	}
	return lcadapter.Accepted(all, checks, func() error { return adapterChecks(tok, all, in, now) })
}

func main() {
	lcadapter.Serve("go-jose (gopkg.in/square/go-jose.v2)", libraryVersion, validate)
}
