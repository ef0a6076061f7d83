package server

import (
	"encoding/json"
	"net/http"
	"testing"

	"github.com/kvwarden/kvwarden/internal/tenants"
)

// TestDuplicateAuthorization: two Authorization headers are refused with 400, whichever keys they
// carry, instead of the first one winning; nothing reaches the engine.
func TestDuplicateAuthorization(t *testing.T) {
	for _, store := range []*tenants.Store{nil, tenants.NewDevStore()} {
		env := start(t, newFakeEngine(), store, nil)
		for _, hs := range [][]string{
			{"Bearer " + keyAlice, "Bearer " + keyAlice},
			{"Bearer " + keyAlice, "Bearer " + keyBob},
			{"Bearer " + keyAlice, "Bearer kvw-nope"},
			{"Bearer kvw-nope", "Bearer " + keyAlice},
			{"Bearer " + keyAlice, ""},
		} {
			for _, path := range []string{"/v1/models", "/v1/completions"} {
				method := http.MethodGet
				if path == "/v1/completions" {
					method = http.MethodPost
				}
				code, body := sendAuth(t, method, env.base+path, hs)
				if code != http.StatusBadRequest || body.Error.Code == nil || *body.Error.Code != "duplicate_authorization" {
					t.Fatalf("dev %v, %s %q: %d %+v", env.store.Dev(), path, hs, code, body)
				}
			}
		}
		if n := len(env.eng.requests()); n != 0 {
			t.Fatalf("%d requests reached the engine", n)
		}
	}
}

// sendAuth sends a request without a body and with these Authorization headers, and decodes the
// error body of the answer.
func sendAuth(t *testing.T, method, url string, auth []string) (int, errorBody) {
	t.Helper()
	req, _ := http.NewRequest(method, url, nil)
	if len(auth) > 0 {
		req.Header["Authorization"] = auth
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var body errorBody
	json.NewDecoder(resp.Body).Decode(&body)
	return resp.StatusCode, body
}
