package e2e

import (
	"context"
	"testing"
	"time"
)

// TestAPISpeculative runs TestAPI's answer checks against servers that speculate by prompt lookup
// (stories260K's answers repeat, so its drafts are accepted): the same reference texts, stop
// strings, logprobs, n > 1 with seeds and tool-call grammars, bit for bit. Drafts were fed and
// accepted, and the pool is whole afterwards.
func TestAPISpeculative(t *testing.T) {
	tenants := tenantsFile(t)
	api := &apiSuite{
		alice:   addTenant(t, tenants, "alice"),
		limited: addTenant(t, tenants, "limited", "--max-concurrent", "1"),
		capped:  addTenant(t, tenants, "capped", "--max-tokens", "8"),
	}
	spec := []string{"--speculative", "lookup", "--spec-tokens", "4"}
	api.st = startServer(t, serverOpts{model: storiesModel, tenants: tenants, args: spec})
	api.qw = startServer(t, serverOpts{model: qwenModel, tenants: tenants, args: spec})
	api.stories, api.qwen = api.st.client(api.alice), api.qw.client(api.alice)
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	api.ctx = ctx
	for _, sub := range []struct {
		name string
		test func(*testing.T, *apiSuite)
	}{
		{"completion", testCompletion},
		{"chat_tools", testChatTools},
		{"stop", testStop},
		{"logprobs", testLogprobs},
		{"n_and_seed", testNAndSeed},
	} {
		t.Run(sub.name, func(t *testing.T) { sub.test(t, api) })
	}
	m := api.st.waitIdle(t, 5*time.Second)
	checkPoolWhole(t, m)
	drafted := m.get(t, `kvwarden_spec_draft_tokens_total{mode="lookup"}`)
	accepted := m.get(t, `kvwarden_spec_accepted_tokens_total{mode="lookup"}`)
	if drafted == 0 || accepted == 0 {
		t.Errorf("stories260K drafted %v tokens and accepted %v: the test shows nothing", drafted, accepted)
	}
	api.qw.waitIdle(t, 5*time.Second)
}
