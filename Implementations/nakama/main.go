// nakama's Facebook Limited Login check (heroiclabs/nakama, social.Client.CheckFacebookLimitedLoginToken), from a
// source checkout at the commit implementation.json pins, behind the harness protocol (Vectors/HARNESS.md). Family:
// signed-token, documented profile (the JWKS key source).
//
// Built by install.sh inside the checkout's module through `go build -overlay` (this file is laid at
// loginconformance/adapter/main.go of the module; nothing is written into the checkout), against nakama's own
// `social` package and its vendored dependencies (-mod=vendor), all compiled unchanged.
//
// Called as nakama's server calls it: AuthenticateFacebook (server/core_authenticate.go; also LinkFacebook and
// UnlinkFacebook) calls client.CheckFacebookLimitedLoginToken(ctx, appId, token) on the one social.Client that
// main.go makes with social.NewClient(logger, 5*time.Second, googleConfig), with appId the configuration key
// social.facebook_limited_login.app_id (here the vector's app ID). That is the only setting the Limited Login path
// reads (implementation.json's optionsAudit), and the call takes no nonce. Only what a server's environment decides
// is given: Facebook's JWKS, which nakama fetches over HTTPS with its client's default transport, is answered from
// the vector's key set by http.DefaultTransport (any other URL is refused); the clock is the vector's `now` (nakama
// reads time.Now(): install.sh's clock overlay, faketime/clock.go); and each vector gets a new social.Client, so no
// key set is cached from one vector to the next (a server starting afresh).
//
// The verdict is nakama's: a profile returned is an acceptance, an error a refusal. nakama turns every failure of
// the token's parsing and verification into one error ("facebook limited login token invalid") without its cause,
// so those refusals cannot be named in the suite's reasons: they are answered `errored` with nakama's message
// (classified as mapping limits); the refusals nakama does name (sub missing or not a string) are answered with
// their reason. An accepted token's claims are its payload as Go's encoding/json reads it (as golang-jwt under nakama
// does), after checking that sub is the profile ID nakama returned. When CheckFacebookLimitedLoginToken refuses,
// nakama's server goes on to try the token as a Graph API access token (GetFacebookProfile), which Facebook refuses
// for a Limited Login token: the refusal here is the server's.
//
// `-adapter-checks` adds, after nakama accepted, the checks a nakama user can run today in a before hook of
// AuthenticateFacebook (implementation.json `adapterChecks`; docs/implementations.md, "nakama").
package main

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"strings"
	"time"

	"github.com/heroiclabs/nakama/v3/loginconformance/lcadapter"
	"github.com/heroiclabs/nakama/v3/social"
	"go.uber.org/zap"
)

var (
	libraryVersion = "unknown" // -ldflags "-X main.libraryVersion=<tag>"
	commit         = "unknown" // -ldflags "-X main.commit=<commit>"
)

// facebookJWKS is the URL nakama's CheckFacebookLimitedLoginToken fetches at the pinned commit.
const facebookJWKS = "https://www.facebook.com/.well-known/oauth/openid/jwks/"

type rejected = lcadapter.Rejected

type input = lcadapter.JWKSVector

// vectorJWKS answers nakama's key-set request with the vector's JWKS, byte for byte, and refuses any other request.
type vectorJWKS struct {
	body    []byte
	fetched []string
}

func (v *vectorJWKS) RoundTrip(request *http.Request) (*http.Response, error) {
	v.fetched = append(v.fetched, request.URL.String())
	if request.Method != http.MethodGet || request.URL.String() != facebookJWKS {
		return nil, fmt.Errorf("adapter: nakama requested %s %s, not Facebook's JWKS", request.Method, request.URL)
	}
	return &http.Response{StatusCode: http.StatusOK, Status: "200 OK", Proto: "HTTP/1.1", ProtoMajor: 1, ProtoMinor: 1,
		Header: http.Header{"Content-Type": {"application/json"}}, Body: io.NopCloser(strings.NewReader(string(v.body))),
		ContentLength: int64(len(v.body)), Request: request}, nil
}

var transport = &vectorJWKS{}

// setClock sets the wall clock nakama reads (time.Now, through the clock overlay) to the vector's now.
func setClock(now json.Number) error {
	value, ok := new(big.Rat).SetString(now.String())
	if !ok {
		return fmt.Errorf("adapter: now %q is not a number", now)
	}
	whole := new(big.Int).Quo(value.Num(), value.Denom())
	nanos := new(big.Rat).Sub(value, new(big.Rat).SetInt(whole))
	nanos.Mul(nanos, big.NewRat(1_000_000_000, 1))
	nsec, _ := nanos.Float64()
	if !whole.IsInt64() {
		return fmt.Errorf("adapter: now %q is outside int64 seconds", now)
	}
	time.LoginConformanceSetClock(whole.Int64(), int32(nsec))
	return nil
}

// payload is the accepted token's claims as Go's encoding/json reads them (numbers kept as json.Number).
func payload(token string) (map[string]interface{}, error) {
	parts := strings.Split(token, ".")
	if len(parts) != 3 {
		return nil, errors.New("adapter: accepted token is not three segments")
	}
	raw, err := base64.RawURLEncoding.DecodeString(parts[1])
	if err != nil {
		return nil, fmt.Errorf("adapter: accepted token's payload: %v", err)
	}
	decoder := json.NewDecoder(strings.NewReader(string(raw)))
	decoder.UseNumber()
	claims := map[string]interface{}{}
	if err := decoder.Decode(&claims); err != nil {
		return nil, fmt.Errorf("adapter: accepted token's payload: %v", err)
	}
	return claims, nil
}

// refusal maps nakama's error: the two refusals it names, else nakama's message as an error the adapter cannot name.
func refusal(err error) error {
	switch err.Error() {
	case "facebook limited login token sub field missing":
		return rejected{Reason: "missingClaim", Claim: "sub"}
	case "facebook limited login token sub field invalid":
		return rejected{Reason: "wrongClaimType", Claim: "sub"}
	}
	return fmt.Errorf("nakama refused (CheckFacebookLimitedLoginToken gives no cause): %v", err)
}

// adapterChecks are what a nakama user can check today in a before hook of AuthenticateFacebook and LinkFacebook
// (implementation.json `adapterChecks`: typ, claim-types, issuer-audience, exp-strict, iat-max-age, nonce); the hook
// reads the token's payload before nakama verifies the signature, and both must pass, so running them after nakama
// accepted gives the same verdicts.
func adapterChecks(token string, claims map[string]interface{}, in input, now float64) error {
	header, err := segment(token, 0)
	if err != nil {
		return err
	}
	if typ, _ := header["typ"].(string); typ != "JWT" {
		return rejected{Reason: "headerType"}
	}
	if err := lcadapter.ClaimTypes(claims); err != nil {
		return err
	}
	if iss := claims["iss"]; iss != lcadapter.Issuers[0] && iss != lcadapter.Issuers[1] {
		return rejected{Reason: "issuer"}
	}
	if claims["aud"] != in.AppID {
		return rejected{Reason: "audience"}
	}
	if exp, _ := lcadapter.Number(claims["exp"]); exp <= now {
		return rejected{Reason: "expired"}
	}
	return lcadapter.ClaimChecks(claims, in.ExpectedNonce, now)
}

func segment(token string, index int) (map[string]interface{}, error) {
	raw, err := base64.RawURLEncoding.DecodeString(strings.Split(token, ".")[index])
	if err != nil {
		return nil, err
	}
	out := map[string]interface{}{}
	decoder := json.NewDecoder(strings.NewReader(string(raw)))
	decoder.UseNumber()
	return out, decoder.Decode(&out)
}

func validate(in input, checks bool) (map[string]interface{}, error) {
	if err := setClock(in.Now); err != nil {
		return nil, err
	}
	transport.body, transport.fetched = in.Keys.JWKS, nil
	client := social.NewClient(zap.NewNop(), 5*time.Second, nil)
	profile, err := client.CheckFacebookLimitedLoginToken(context.Background(), in.AppID, in.Token)
	if err != nil {
		return nil, refusal(err)
	}
	claims, err := payload(in.Token)
	if err != nil {
		return nil, err
	}
	if claims["sub"] != profile.ID {
		return nil, fmt.Errorf("adapter: nakama's profile ID %q is not the payload's sub %v", profile.ID, claims["sub"])
	}
	now, _ := in.Now.Float64()
	return lcadapter.Accepted(claims, checks, func() error { return adapterChecks(in.Token, claims, in, now) })
}

func main() {
	http.DefaultTransport = transport
	lcadapter.Serve("nakama social.CheckFacebookLimitedLoginToken", libraryVersion+" ("+commit+")", validate)
}
