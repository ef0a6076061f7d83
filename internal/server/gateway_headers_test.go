package server

import (
	"bufio"
	"fmt"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
)

// TestFairnessIDNeverNamesTheTenant attacks as a tenant who hopes a gateway's fairness header
// decides who it is: alice says she is bob, and bob says he is alice. Each is still billed,
// limited and cached as the tenant its key names; the headers reach the log line only.
func TestFairnessIDNeverNamesTheTenant(t *testing.T) {
	eng := newFakeEngine()
	env := start(t, eng, nil, nil)
	gateway := map[string]string{"Content-Type": "application/json", "X-Gateway-Inference-Fairness-Id": "bob",
		"X-Gateway-Inference-Objective": "premium", "X-Request-Id": "3f2a9c1e-gw-7"}
	resp := env.open(t, ctx(t), http.MethodPost, "/v1/completions", keyAlice, gateway, `{"prompt":"abc","max_tokens":3}`)
	body, _ := io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("%d %s", resp.StatusCode, body)
	}
	if got := resp.Header.Get("X-Request-Id"); got != "3f2a9c1e-gw-7" {
		t.Errorf("X-Request-Id %q: want the gateway's id echoed", got)
	}
	if strings.Contains(string(body), "3f2a9c1e") {
		t.Errorf("the client's request id made the answer's id: %s", body)
	}
	for _, r := range eng.requests() {
		if r.Spec.Tenant != uidAlice {
			t.Errorf("the engine ran alice's request as %q (prefix cache and fair share are by this)", r.Spec.Tenant)
		}
	}
	_, _, m := env.metrics()
	if !strings.Contains(string(m), `kvwarden_tenant_requests_total{tenant="alice"} 1`) || strings.Contains(string(m), `tenant="bob"`) {
		t.Errorf("alice's request was not billed to alice alone:\n%s", grepLines(string(m), "kvwarden_tenant_"))
	}
	logs := env.logs.String()
	if !strings.Contains(logs, "tenant=alice") || !strings.Contains(logs, "x_request_id=3f2a9c1e-gw-7") ||
		!strings.Contains(logs, "objective=premium") || !strings.Contains(logs, "fairness_id=bob") {
		t.Errorf("the log line lacks the tenant or the gateway's headers:\n%s", logs)
	}

	// bob may ask for at most 50 tokens; a fairness id naming alice lifts none of his limits.
	gateway["X-Gateway-Inference-Fairness-Id"] = "alice"
	n := len(eng.requests())
	resp = env.open(t, ctx(t), http.MethodPost, "/v1/completions", keyBob, gateway, `{"prompt":"abc","max_tokens":200}`)
	body, _ = io.ReadAll(resp.Body)
	resp.Body.Close()
	if resp.StatusCode != http.StatusBadRequest || len(eng.requests()) != n {
		t.Errorf("bob past his max_tokens with alice's fairness id: %d %s", resp.StatusCode, body)
	}
}

// TestGatewayHeadersOutOfTheLog: a gateway header that is not a short run of printable ASCII
// (control characters, a Unicode direction override, spaces, thousands of bytes, two values)
// never reaches the log line or the response, and the request is served as if it were absent.
func TestGatewayHeadersOutOfTheLog(t *testing.T) {
	long := "EVIL" + strings.Repeat("x", maxGatewayHeaderLen)
	cases := []struct{ name, headers string }{
		{"escape sequence", "X-Request-Id: EVIL\x1b[2J\x1b[31mforged\r\n"},
		{"direction override", "X-Request-Id: EVIL\u202eforged\r\n"},
		{"tab", "X-Gateway-Inference-Objective: EVIL\tlevel=ERROR\r\n"},
		{"space", "X-Gateway-Inference-Fairness-Id: EVIL tenant=bob\r\n"},
		{"too long", "X-Request-Id: " + long + "\r\n"},
		{"two values", "X-Request-Id: EVILa\r\nX-Request-Id: EVILb\r\n"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			env := start(t, newFakeEngine(), nil, nil)
			code, id := rawCompletion(t, env.base, keyAlice, c.headers)
			if code != http.StatusOK && code != http.StatusBadRequest {
				t.Fatalf("status %d", code)
			}
			if strings.Contains(id, "EVIL") {
				t.Errorf("X-Request-Id echoed a refused value: %q", id)
			}
			logs := env.logs.String()
			for _, key := range []string{"EVIL", "x_request_id=", "objective=", "fairness_id="} {
				if strings.Contains(logs, key) {
					t.Errorf("the log holds %q:\n%s", key, logs)
				}
			}
		})
	}
}

// rawCompletion sends a completion with extra header lines written as is (the Go client refuses
// some of them) and returns the status and the X-Request-Id answered.
func rawCompletion(t *testing.T, base, key, headers string) (int, string) {
	t.Helper()
	conn, err := net.Dial("tcp", strings.TrimPrefix(base, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	defer conn.Close()
	body := `{"prompt":"abc","max_tokens":2}`
	fmt.Fprintf(conn, "POST /v1/completions HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer %s\r\n"+
		"Content-Type: application/json\r\nContent-Length: %d\r\nConnection: close\r\n%s\r\n%s", key, len(body), headers, body)
	resp, err := http.ReadResponse(bufio.NewReader(conn), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	_, _ = io.Copy(io.Discard, resp.Body)
	return resp.StatusCode, resp.Header.Get("X-Request-Id")
}
