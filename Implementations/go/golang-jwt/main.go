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
// types of jti/sub/nonce: `-adapter-checks` adds those (implementations.json lists them).
package main

import (
	"bufio"
	"crypto/rsa"
	"encoding/base64"
	"encoding/json"
	"errors"
	"flag"
	"math/big"
	"os"
	"strings"
	"time"

	jwt "github.com/golang-jwt/jwt"
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

type jwk struct {
	Kid string `json:"kid"`
	Kty string `json:"kty"`
	N   string `json:"n"`
	E   string `json:"e"`
}

type input struct {
	Token         string      `json:"token"`
	ExpectedNonce string      `json:"expectedNonce"`
	AppID         string      `json:"appID"`
	Now           json.Number `json:"now"`
	Keys          struct {
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

func number(v interface{}) (float64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	f, err := n.Float64()
	return f, err == nil
}

func adapterChecks(t *jwt.Token, claims jwt.MapClaims, in input, now float64) error {
	if typ, _ := t.Header["typ"].(string); typ != "JWT" {
		return rejected{Reason: "headerType"}
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
	if checks {
		if err := adapterChecks(token, claims, in, now); err != nil {
			return nil, err
		}
	}
	return keptClaims(claims), nil
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

func keptClaims(claims jwt.MapClaims) map[string]interface{} {
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
				"implementation": map[string]interface{}{"name": "golang-jwt/jwt", "version": libraryVersion, "language": "go"},
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
