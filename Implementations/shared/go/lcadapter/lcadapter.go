// Package lcadapter is what the Go adapters (Implementations/<library>/, built by Implementations/shared/go/build.sh) share and no library decides: the
// harness protocol loop (Vectors/HARNESS.md), the outcome shape, the adapter checks on the claims that both
// libraries lack (each implementation.json lists them) and the accepted outcome's claims. Each adapter keeps its
// library's configuration, its error mapping and its own header checks.
//
// Built with GO111MODULE=off: Scripts/interop/install_implementations.sh puts this folder on GOPATH as src/lcadapter, in
// front of /usr/share/gocode.
package lcadapter

import (
	"bufio"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"strings"
)

// Required are the claims a Limited Login token must carry.
var Required = []string{"jti", "iss", "aud", "exp", "iat", "nonce", "sub"}

// Issuers are the documented issuers.
var Issuers = []string{"https://www.facebook.com", "https://limited.facebook.com"}

// Vector is what every Go adapter reads of a signed-token vector's input besides its key set (each adapter embeds
// it in its input type, with the keys in the form its library takes).
type Vector struct {
	Token         string      `json:"token"`
	ExpectedNonce string      `json:"expectedNonce"`
	AppID         string      `json:"appID"`
	Now           json.Number `json:"now"`
}

// JWKSVector is a signed-token vector whose key set the adapter hands its library as given: the vector's JWKS,
// verbatim.
type JWKSVector struct {
	Vector
	Keys struct {
		JWKS json.RawMessage `json:"jwks"`
	} `json:"keys"`
}

// Rejected is a refusal the adapter can name: reason (and claim) of the outcome shape.
type Rejected struct {
	Reason string
	Claim  string
}

func (r Rejected) Error() string { return r.Reason }

func (r Rejected) outcome() map[string]interface{} {
	out := map[string]interface{}{"result": "rejected", "reason": r.Reason}
	if r.Claim != "" {
		out["claim"] = r.Claim
	}
	return out
}

// Number reads a JSON number decoded with UseNumber.
func Number(v interface{}) (float64, bool) {
	n, ok := v.(json.Number)
	if !ok {
		return 0, false
	}
	f, err := n.Float64()
	return f, err == nil
}

// ClaimChecks are the adapter checks on the claims (after each adapter's own header checks): required claims,
// their JSON types, non-empty jti/sub/nonce, a maximum token age of 600 s and the nonce.
func ClaimChecks(claims map[string]interface{}, expectedNonce string, now float64) error {
	if err := ClaimTypes(claims); err != nil {
		return err
	}
	if iat, _ := Number(claims["iat"]); iat < now-600 {
		return Rejected{Reason: "issuedTooLongAgo"}
	}
	if claims["nonce"] != expectedNonce {
		return Rejected{Reason: "nonceMismatch"}
	}
	return nil
}

// ClaimTypes is the claim-types adapter check alone: the required claims present, with their JSON types, and
// jti/sub/nonce non-empty.
func ClaimTypes(claims map[string]interface{}) error {
	for _, name := range Required {
		if _, ok := claims[name]; !ok {
			return Rejected{Reason: "missingClaim", Claim: name}
		}
	}
	for _, name := range Required {
		ok := false
		if name == "exp" || name == "iat" {
			_, ok = Number(claims[name])
		} else {
			_, ok = claims[name].(string)
		}
		if !ok {
			return Rejected{Reason: "wrongClaimType", Claim: name}
		}
	}
	for _, name := range []string{"jti", "sub", "nonce"} {
		if claims[name] == "" {
			return Rejected{Reason: "emptyClaim", Claim: name}
		}
	}
	return nil
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

// KeptClaims is the accepted outcome: the required claims as they are, and the optional ones of the right shape.
func KeptClaims(claims map[string]interface{}) map[string]interface{} {
	kept := map[string]interface{}{}
	for _, name := range Required {
		kept[name] = claims[name]
	}
	// The outcome's aud is a string: an accepted aud array of one string is reported as that string, the audience
	// the library matched (Vectors/DECISIONS.md D54).
	if list, ok := claims["aud"].([]interface{}); ok && len(list) == 1 {
		if audience, ok := list[0].(string); ok {
			kept["aud"] = audience
		}
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

// Accepted is the answer for claims the library accepted: with `-adapter-checks` (checks), adapterChecks runs first
// and its refusal is the answer.
func Accepted(claims map[string]interface{}, checks bool, adapterChecks func() error) (map[string]interface{}, error) {
	if checks {
		if err := adapterChecks(); err != nil {
			return nil, err
		}
	}
	return KeptClaims(claims), nil
}

// Serve runs the harness protocol on standard input and output for an adapter of the signed-token family,
// documented profile. validate gets each run request's input, decoded into the adapter's Input type (numbers kept as
// json.Number), and whether `-adapter-checks` was given; it answers the outcome, a Rejected, or any other error
// (reported as errored, as an input that does not decode is).
func Serve[Input any](name, version string, validate func(in Input, checks bool) (map[string]interface{}, error)) {
	checks := flag.Bool("adapter-checks", false, "also run the adapter checks implementation.json lists")
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
				"implementation": map[string]interface{}{"name": name, "version": version, "language": "go"},
				"capabilities":   []string{"signed-token"}, "profile": "documented"})
		case "stop":
			return
		case "run":
			if request.Family != "signed-token" {
				write(map[string]interface{}{"type": "skipped", "seq": request.Seq, "reason": "family not adopted"})
				continue
			}
			var in Input
			decoder := json.NewDecoder(strings.NewReader(string(request.Input)))
			decoder.UseNumber()
			if err := decoder.Decode(&in); err != nil {
				write(map[string]interface{}{"type": "errored", "seq": request.Seq, "message": err.Error()})
				continue
			}
			outcome, err := validate(in, *checks)
			var r Rejected
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
