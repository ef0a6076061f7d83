package node

import (
	"context"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/console"
	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/sampler"
)

// TestRouterConsoleReports: the router's console gathers every node's pool, tenants and
// hand-offs over the node API, the maps sharing the cells; a node that dies is reported
// unreachable within the report's timeout while the others are still shown.
func TestRouterConsoleReports(t *testing.T) {
	fx := load(t)
	pre := fx.node(t, RolePrefill, nil)
	dec1, dec2 := fx.node(t, RoleDecode, nil), fx.node(t, RoleDecode, nil)
	r := fx.router(t, []*runningNode{pre}, []*runningNode{dec1, dec2})
	st, err := r.Submit(context.Background(), engine.Request{Spec: engine.Spec{Tenant: "uid-1", Prompt: prompt(40, r.Info().VocabSize), MaxTokens: 4,
		IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}})
	if err != nil {
		t.Fatal(err)
	}
	if res := drain(st); res.err != nil {
		t.Fatal(res.err)
	}

	const cells = 300
	reps := r.ConsoleReports(cells)
	nodes := []*runningNode{pre, dec1, dec2}
	if len(reps) != len(nodes) {
		t.Fatalf("%d reports for %d nodes", len(reps), len(nodes))
	}
	for i, rep := range reps {
		n := nodes[i]
		est := n.e.Stats()
		if rep.Name != n.addr || !rep.Healthy || rep.Error != "" || rep.Pages.Total != est.PagesTotal || rep.Pages.Free != est.PagesFree {
			t.Errorf("node %s: report %+v, engine %d pages, %d free", n.addr, rep.Node, est.PagesTotal, est.PagesFree)
		}
		if got := len(rep.Map.States); got == 0 || got > cells/len(nodes) {
			t.Errorf("node %s: %d cells, want at most its share %d", n.addr, got, cells/len(nodes))
		}
	}
	if p := reps[0]; p.Role != RolePrefill || p.Transfers.Sent != 1 || p.Counters["transfers.sent"] != 1 {
		t.Errorf("prefill node: role %s, %d sent (counter %d), want 1", p.Role, p.Transfers.Sent, p.Counters["transfers.sent"])
	}
	seen := false
	for _, rep := range reps {
		for _, tn := range rep.Tenants {
			seen = seen || (tn.UID == "uid-1" && tn.Key != "")
		}
	}
	if !seen {
		t.Error("no node reports the tenant by its UID and key")
	}

	dec2.stop()
	start := time.Now()
	reps = r.ConsoleReports(cells)
	if d := time.Since(start); d > consoleTimeout+2*time.Second {
		t.Fatalf("a dead node held the report up %v", d)
	}
	if rep := reps[2]; rep.Healthy || rep.Error == "" || rep.Name != dec2.addr || rep.Role != RoleDecode {
		t.Fatalf("dead node reported %+v", rep.Node)
	}
	if !reps[0].Healthy || !reps[1].Healthy {
		t.Fatal("the live nodes are no longer reported")
	}
	var _ console.Cluster = r
}
