// go-jose v2 (gopkg.in/square/go-jose.v2; Debian package golang-gopkg-square-go-jose.v2-dev, built with
// GO111MODULE=off against /usr/share/gocode; the installed version is passed in with -ldflags) as a Limited Login
// server validator, behind the harness protocol (Vectors/HARNESS.md). Family: signed-token, documented profile.
//
// Configured from go-jose's documentation (package jwt): jwt.ParseSigned(token), then tok.Claims(jwks, &claims,
// &all) with the JWKS as a *jose.JSONWebKeySet (go-jose picks the key by the header's kid), then
// claims.ValidateWithLeeway(jwt.Expected{Issuer, Audience, Time: the vector's now}, 0) once per documented issuer.
// go-jose v2 has no algorithm allow-list (v3 added one), no required claims and no option for the nonce, the typ
// header, a maximum token age or the JSON types of jti/sub/nonce: `-adapter-checks` adds those
// (implementations.json lists them).
package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"strings"
	"time"

	jose "gopkg.in/square/go-jose.v2"
	"gopkg.in/square/go-jose.v2/jwt"
)

var libraryVersion = "unknown" // -ldflags "-X main.libraryVersion=..."

var required = []string{"jti", "iss", "aud", "exp", "iat", "nonce", "sub"}
var issuers = []string{"https://www.facebook.com", "https://limited.facebook.com"}

type rejected struct {
	Reason string
	Claim  string
}

func (r rejected) Error() string { return r.Reason }

func (r rejected) outcome() map[string]interface{} {
	out := map[string]interface{}{"result": "rejected", "reason": r.Reason}
	if r.Claim != "" {
		out["claim"] = r.Claim
	}
	return out
}

type input struct {
	Token         string             `json:"token"`
	ExpectedNonce string             `json:"expectedNonce"`
	AppID         string             `json:"appID"`
	Now           json.Number        `json:"now"`
	Keys          struct {
		JWKS json.RawMessage `json:"jwks"`
	} `json:"keys"`
}

func number(v interface{}) (float64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	f, err := n.Float64()
	return f, err == nil
}

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
	for _, name := range required {
		if _, ok := claims[name]; !ok {
			return rejected{Reason: "missingClaim", Claim: name}
		}
	}
	for _, name := range required {
		ok := false
		if name == "exp" || name == "iat" {
			_, ok = number(claims[name])
		} else {
			_, ok = claims[name].(string)
		}
		if !ok {
			return rejected{Reason: "wrongClaimType", Claim: name}
		}
	}
	for _, name := range []string{"jti", "sub", "nonce"} {
		if claims[name] == "" {
			return rejected{Reason: "emptyClaim", Claim: name}
		}
	}
	if iat, _ := number(claims["iat"]); iat < now-600 {
		return rejected{Reason: "issuedTooLongAgo"}
	}
	if claims["nonce"] != in.ExpectedNonce {
		return rejected{Reason: "nonceMismatch"}
	}
	return nil
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
	if checks {
		if err := adapterChecks(tok, all, in, now); err != nil {
			return nil, err
		}
	}
	return keptClaims(all), nil
}

var optionalStrings = map[string]bool{"name": true, "given_name": true, "middle_name": true, "family_name": true,
	"email": true, "picture": true, "user_birthday": true, "user_gender": true, "user_link": true}

func allOf(v interface{}, test func(interface{}) bool) bool {
	switch x := v.(type) {
	case []interface{}:
		for _, item := range x {
			if !test(item) {
				return false
			}
		}
		return true
	case map[string]interface{}:
		if len(x) == 0 {
			return false
		}
		for _, item := range x {
			if !test(item) {
				return false
			}
		}
		return true
	}
	return false
}

func isString(v interface{}) bool { _, ok := v.(string); return ok }
func isNumber(v interface{}) bool { _, ok := v.(json.Number); return ok }

func keptClaims(claims map[string]interface{}) map[string]interface{} {
	kept := map[string]interface{}{}
	for _, name := range required {
		kept[name] = claims[name]
	}
	for name, value := range claims {
		switch {
		case name == "cnf":
			if m, ok := value.(map[string]interface{}); ok {
				if jkt, ok := m["jkt"].(string); ok && jkt != "" {
					kept["cnf"] = map[string]interface{}{"jkt": jkt}
				}
			}
		case optionalStrings[name]:
			if isString(value) {
				kept[name] = value
			}
		case name == "user_friends":
			if _, ok := value.([]interface{}); ok && allOf(value, isString) {
				kept[name] = value
			}
		case name == "user_age_range":
			if _, ok := value.(map[string]interface{}); ok && allOf(value, isNumber) {
				kept[name] = value
			}
		case name == "user_hometown" || name == "user_location":
			if _, ok := value.(map[string]interface{}); ok && allOf(value, isString) {
				kept[name] = value
			}
		}
	}
	return map[string]interface{}{"result": "accepted", "claims": kept}
}

func main() {
	checks := flag.Bool("adapter-checks", false, "also run the adapter checks implementations.json lists")
	flag.Parse()
	out := bufio.NewWriter(os.Stdout)
	write := func(message map[string]interface{}) {
		line, err := json.Marshal(message)
		if err != nil {
			line, _ = json.Marshal(map[string]interface{}{"type": "errored", "seq": message["seq"], "message": err.Error()})
		}
		out.Write(append(line, '\n'))
		out.Flush()
	}
	scanner := bufio.NewScanner(os.Stdin)
	scanner.Buffer(make([]byte, 1<<20), 1<<26)
	for scanner.Scan() {
		if strings.TrimSpace(scanner.Text()) == "" {
			continue
		}
		var request struct {
			Type   string          `json:"type"`
			Seq    int64           `json:"seq"`
			Family string          `json:"family"`
			Input  json.RawMessage `json:"input"`
		}
		if err := json.Unmarshal(scanner.Bytes(), &request); err != nil {
			continue
		}
		switch request.Type {
		case "start":
			write(map[string]interface{}{"type": "started", "protocolVersion": 1,
				"implementation": map[string]interface{}{"name": "go-jose (gopkg.in/square/go-jose.v2)", "version": libraryVersion, "language": "go"},
				"capabilities": []string{"signed-token"}, "profile": "documented"})
		case "stop":
			return
		case "run":
			if request.Family != "signed-token" {
				write(map[string]interface{}{"type": "skipped", "seq": request.Seq, "reason": "family not adopted"})
				continue
			}
			var in input
			decoder := json.NewDecoder(strings.NewReader(string(request.Input)))
			decoder.UseNumber()
			if err := decoder.Decode(&in); err != nil {
				write(map[string]interface{}{"type": "errored", "seq": request.Seq, "message": err.Error()})
				continue
			}
			outcome, err := validate(in, *checks)
			var r rejected
			switch {
			case err == nil:
				write(map[string]interface{}{"type": "result", "seq": request.Seq, "outcome": outcome})
			case errors.As(err, &r):
				write(map[string]interface{}{"type": "result", "seq": request.Seq, "outcome": r.outcome()})
			default:
				write(map[string]interface{}{"type": "errored", "seq": request.Seq, "message": err.Error()})
			}
		}
	}
}
