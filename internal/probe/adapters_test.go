package probe

import (
	"bytes"
	"context"
	"slices"
	"strings"
	"testing"
	"time"
)

// TestAdapterCheck points the probe, given an adapter per key, at a fake endpoint whose prefix
// cache is keyed by tenant and model (a LoRA adapter's name), and at one keyed by tenant only, as
// vLLM #30931's: the first yields no finding and a complete adapter check; the second a leak
// (cached_tokens of a prompt under the base model whose prefix only the adapter's prompt sent)
// and the timing difference.
func TestAdapterCheck(t *testing.T) {
	for _, c := range []struct {
		name  string
		blind bool
		want  []string // check/verdict of the adapter check's findings
		exit  int
	}{
		{"prefix cache per adapter", false, nil, 0},
		{"prefix cache blind to adapters", true, []string{CheckAdapter + "/" + VerdictLeak, CheckAdapter + "/" + VerdictSideChannel}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			f := newFake(t, fakeOpts{perToken: 300 * time.Microsecond, adapterBlind: c.blind}, testKeys...)
			cfg := testConfig(f.srv.URL)
			cfg.Budget, cfg.Adapters = 400, []string{"alice-lora", "bob-lora"}
			ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
			defer cancel()
			rep, err := Run(ctx, cfg)
			if err != nil {
				t.Fatal(err)
			}
			var text bytes.Buffer
			WriteText(&text, rep)
			var got []string
			for _, fd := range rep.Findings {
				if fd.Check == CheckAdapter {
					got = append(got, fd.Check+"/"+fd.Verdict)
				}
			}
			for _, w := range c.want {
				if !slices.Contains(got, w) {
					t.Errorf("findings %v lack %s\n%s", got, w, text.String())
				}
			}
			if c.want == nil && len(rep.Findings) > 0 || rep.ExitCode != c.exit {
				t.Errorf("findings %v, exit %d (%s), want exit %d; inconclusive %+v\n%s", rep.Findings, rep.ExitCode, rep.Outcome, c.exit, rep.Inconclusive(), text.String())
			}
			i := slices.IndexFunc(rep.Checks, func(s CheckStatus) bool { return s.Check == CheckAdapter })
			if i < 0 || rep.Checks[i].Status != StatusComplete || rep.Checks[i].Requests == 0 {
				t.Errorf("adapter check status %+v", rep.Checks)
			}
			if !c.blind && !strings.Contains(text.String(), "the owner's cache shows") {
				t.Errorf("the report does not say the control saw the owner's cache:\n%s", text.String())
			}
		})
	}
}

// TestAdapterCheckNeedsTwo: one --adapter, or more adapters than keys, is a usage error.
func TestAdapterCheckNeedsTwo(t *testing.T) {
	for _, adapters := range [][]string{{"a"}, {"a", "b", "c", "d"}, {"a", ""}} {
		cfg := testConfig("http://127.0.0.1:1")
		cfg.Adapters = adapters
		if _, err := Run(context.Background(), cfg); err == nil || !strings.Contains(err.Error(), "--adapter") {
			t.Errorf("adapters %q: %v", adapters, err)
		}
	}
}
