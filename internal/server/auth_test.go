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
				req, _ := http.NewRequest(method, env.base+path, nil)
				req.Header["Authorization"] = hs
				resp, err := http.DefaultClient.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				var body errorBody
				json.NewDecoder(resp.Body).Decode(&body)
				resp.Body.Close()
				if resp.StatusCode != http.StatusBadRequest || body.Error.Code == nil || *body.Error.Code != "duplicate_authorization" {
					t.Fatalf("dev %v, %s %q: %d %+v", env.store.Dev(), path, hs, resp.StatusCode, body)
				}
			}
		}
		if n := len(env.eng.requests()); n != 0 {
			t.Fatalf("%d requests reached the engine", n)
		}
	}
}
