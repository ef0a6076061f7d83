//go:build devtools

package bench

import (
	"slices"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/engine"
)

func startDemoSplit(t *testing.T, tenants int) *SplitCluster {
	t.Helper()
	m, tok := demoModel(t)
	sc, err := StartSplit(testContext(t), m, tok, demo.f, testConfig(), "demo", tenants, nil)
	if err != nil {
		t.Fatal(err)
	}
	closeAtEnd(t, "split", sc)
	return sc
}

// TestServeAgainstRouter: bench serve's --addr path (text prompts sized by a warm-up request, one
// API key per tenant) works against a router in front of a prefill and a decode node, and so do
// token-id prompts.
func TestServeAgainstRouter(t *testing.T) {
	sc := startDemoSplit(t, 2)
	_, tok := demoModel(t)
	for _, tc := range []struct {
		name string
		ids  []int32
	}{{"text prompts", nil}, {"token ids", OrdinaryTokens(tok, demo.m.Vocab)}} {
		t.Run(tc.name, func(t *testing.T) {
			before := sc.Prefill.Stats().Sent.Transfers
			srv, err := RunServe(testContext(t), ServeOptions{URL: sc.URL, Keys: sc.Keys, Clients: 3, Requests: 6, PromptTokens: 40, GenTokens: 4, TokenIDs: tc.ids})
			if err != nil {
				t.Fatal(err)
			}
			if srv.Completed != 6 || srv.Failed != 0 || srv.GeneratedTokens != 24 || srv.PromptTokensTotal == 0 || srv.TTFT.N != 6 {
				t.Fatalf("through the router: %+v", srv)
			}
			for _, pt := range srv.PerTenant {
				if pt.Completed != 3 {
					t.Fatalf("per tenant: %+v", srv.PerTenant)
				}
			}
			// The warm-up request and the six timed ones each went through the split.
			if n := sc.Prefill.Stats().Sent.Transfers - before; n != 7 {
				t.Fatalf("the prefill node committed %d transfers, want 7", n)
			}
		})
	}
}

// TestSplitSmoke: bench split's measurement on the demo model, and its refusal of a prompt the
// servers' context cannot hold.
func TestSplitSmoke(t *testing.T) {
	ls, ids := startDemoServer(t, 1)
	sc := startDemoSplit(t, 1)
	o := SplitOptions{Single: ls.URL, SingleKey: ls.Keys[0], Split: sc.URL, SplitKey: sc.Keys[0], TokenIDs: ids,
		Prompts: []int{16, 100}, Reps: 2, Sent: func() engine.TransferStats { return sc.Prefill.Stats().Sent }}
	res, err := RunSplit(testContext(t), o)
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Points) != 2 || res.Model != "demo" || res.Transfer.Transfers != 4 || res.Transfer.MBPerSec <= 0 || res.Transfer.PagesPerSec <= 0 {
		t.Fatalf("result %+v", res)
	}
	for i, p := range res.Points {
		wantPages := float64((o.Prompts[i] + 15) / 16)
		if p.SingleTTFT <= 0 || p.SplitTTFT <= 0 || p.Transfer.Transfers != 2 || p.Transfer.PagesPerXfer != wantPages {
			t.Fatalf("point %d: %+v, want 2 transfers of %v pages", i, p, wantPages)
		}
	}
	var text strings.Builder
	WriteSplit(&text, res)
	for _, want := range []string{"TTFT split", "MB/s", "pages/s"} {
		if !strings.Contains(text.String(), want) {
			t.Errorf("report lacks %q:\n%s", want, text.String())
		}
	}
	o.Prompts = []int{4096}
	if _, err := RunSplit(testContext(t), o); err == nil || !strings.Contains(err.Error(), "context") {
		t.Fatalf("a 4,096-token prompt on a 2,048-token model: %v", err)
	}
}

// TestSplitOptions: RunSplit's option defaults and its refusals, checked before any server is asked.
func TestSplitOptions(t *testing.T) {
	sent := func() engine.TransferStats { return engine.TransferStats{} }
	ids := []int32{1}
	for _, c := range []struct {
		name    string
		o       SplitOptions
		ctxLen  int
		wantErr string // "" for none
	}{
		{name: "defaults", o: SplitOptions{TokenIDs: ids, Sent: sent}, ctxLen: 8192},
		{name: "no ids", o: SplitOptions{Sent: sent}, wantErr: "token ids"},
		{name: "no counters", o: SplitOptions{TokenIDs: ids}, wantErr: "transfer counters"},
		{name: "negative reps", o: SplitOptions{TokenIDs: ids, Sent: sent, Reps: -1}, wantErr: "positive"},
		{name: "zero prompt", o: SplitOptions{TokenIDs: ids, Sent: sent, Prompts: []int{8, 0}}, wantErr: "prompt length 0"},
		{name: "over context", o: SplitOptions{TokenIDs: ids, Sent: sent, Prompts: []int{2047}}, ctxLen: 2048, wantErr: "exceed the servers' context of 2048"},
		{name: "fits context", o: SplitOptions{TokenIDs: ids, Sent: sent, Prompts: []int{2046}}, ctxLen: 2048},
		{name: "context unknown", o: SplitOptions{TokenIDs: ids, Sent: sent, Prompts: []int{1 << 20}}},
	} {
		t.Run(c.name, func(t *testing.T) {
			o := c.o
			err := o.fill()
			if err == nil {
				err = checkSplitPrompts(o.Prompts, o.GenTokens, c.ctxLen)
			}
			if c.wantErr == "" && err != nil || c.wantErr != "" && (err == nil || !strings.Contains(err.Error(), c.wantErr)) {
				t.Fatalf("err = %v, want %q", err, c.wantErr)
			}
			if c.name == "defaults" && (o.Reps != DefaultSplitReps || o.GenTokens != DefaultSplitGenTokens || !slices.Equal(o.Prompts, DefaultSplitPrompts())) {
				t.Errorf("defaults: %+v", o)
			}
		})
	}
}
