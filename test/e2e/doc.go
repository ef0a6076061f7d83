// Package e2e tests the kvwarden binary from the outside: it builds cmd/kvwarden once, starts it
// on 127.0.0.1 port 0 with real models from the shared test data, and drives it with the official
// OpenAI Go client and raw HTTP, signals and /metrics, as an operator and a client would.
//
// Run it with "go test ./test/e2e/". The longer load test runs with -e2e.long or
// KVWARDEN_E2E_LONG=1, which also runs the 2,500-request probe audit (alone: KVWARDEN_PROBE_LONG=1). Without the shared test data the tests skip (and fail under CI), as every
// test that needs a model does.
package e2e
