package core

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// admissionOrder queues jobs (tenant, prompt length), all before the first step, and returns the
// order in which their first chunks ran, as "tenant#index" labels.
func admissionOrder(t *testing.T, cfg Config, jobs []struct {
	tenant string
	n      int
}) []string {
	n := newNode(t, cfg)
	labels := make(map[kvtypes.RequestID]string)
	count := make(map[string]int)
	for _, j := range jobs {
		id := n.submit(t, epoch0, RequestSpec{Tenant: j.tenant, Prompt: make([]int32, j.n), MaxTokens: 1})
		labels[id] = fmt.Sprintf("%s%d", j.tenant, count[j.tenant])
		count[j.tenant]++
	}
	for i := 0; !n.idle(); i++ {
		n.step(t)
		if i > 10000 {
			t.Fatal("no progress")
		}
	}
	var out []string
	for _, id := range n.firsts {
		out = append(out, labels[id])
	}
	return out
}

type jobList = []struct {
	tenant string
	n      int
}

func TestFairShareOrder(t *testing.T) {
	cfg := Config{Pages: 256, PageTokens: 4, MaxContext: 64, StepTokens: 8, MaxRunning: 1, Secret: testSecret(), Vocab: 100, EOS: []int32{0}}
	// a floods first; b and c arrive after. Equal costs: round robin, each tenant in FIFO order.
	var jobs jobList
	for range 6 {
		jobs = append(jobs, jobList{{"a", 3}}...)
	}
	jobs = append(jobs, jobList{{"b", 3}, {"b", 3}, {"c", 3}}...)
	got := strings.Join(admissionOrder(t, cfg, jobs), " ")
	if want := "a0 b0 c0 a1 b1 a2 a3 a4 a5"; got != want {
		t.Fatalf("order %s, want %s", got, want)
	}
	// Costs are prompt + max_tokens: a tenant sending requests twice as long gets half as many.
	jobs = nil
	for range 4 {
		jobs = append(jobs, jobList{{"long", 15}, {"short", 7}, {"short", 7}}...)
	}
	got = strings.Join(admissionOrder(t, cfg, jobs), " ")
	if want := "long0 short0 short1 long1 short2 short3 long2 short4 short5 long3 short6 short7"; got != want {
		t.Fatalf("order %s, want %s", got, want)
	}
}

// TestFloodCannotStarve: one tenant's 200 queued requests do not delay another tenant's request by
// more than one admission.
func TestFloodCannotStarve(t *testing.T) {
	cfg := Config{Pages: 1024, PageTokens: 4, MaxContext: 64, StepTokens: 16, MaxRunning: 2, Secret: testSecret(), Vocab: 100, EOS: []int32{0}}
	var jobs jobList
	for range 200 {
		jobs = append(jobs, jobList{{"flood", 8}}...)
	}
	for range 5 {
		jobs = append(jobs, jobList{{"quiet", 8}}...)
	}
	order := admissionOrder(t, cfg, jobs)
	for k := range 5 {
		pos := slices.Index(order, fmt.Sprintf("quiet%d", k))
		if pos > 2*k+1 {
			t.Fatalf("quiet%d admitted at %d: %v", k, pos, order[:12])
		}
	}
}

// TestPreemptionVictim: when a decode needs a page and none is free, the latest-arrived running
// request of the tenant holding the most pages is preempted, and it recomputes later.
func TestPreemptionVictim(t *testing.T) {
	cfg := Config{Pages: 9, PageTokens: 4, MaxContext: 36, StepTokens: 64, MaxRunning: 8, Secret: testSecret(), Vocab: 100, EOS: []int32{0}}
	n := newNode(t, cfg)
	// big: two requests of 3 pages each; small: one request of 2 pages. All at page boundaries,
	// so the first decode of each needs a new page.
	b0 := n.submit(t, epoch0, RequestSpec{Tenant: "big", Prompt: make([]int32, 12), MaxTokens: 4, IgnoreEOS: true})
	b1 := n.submit(t, epoch0, RequestSpec{Tenant: "big", Prompt: make([]int32, 12), MaxTokens: 4, IgnoreEOS: true})
	s0 := n.submit(t, epoch0, RequestSpec{Tenant: "small", Prompt: make([]int32, 8), MaxTokens: 4, IgnoreEOS: true})
	n.step(t) // all prefilled: 3+3+2 = 8 pages, 1 free
	if st := n.c.Stats(); st.PagesFree != 1 || st.Running != 3 {
		t.Fatalf("%+v", st)
	}
	n.step(t) // b0 gets the free page; b1 needs one: big holds the most, b1 arrived last in it
	if n.c.State(b1) != Waiting || n.c.State(b0) != Decoding || n.c.State(s0) != Decoding || n.c.Stats().Preemptions != 1 {
		t.Fatalf("b0 %s b1 %s s0 %s", n.c.State(b0), n.c.State(b1), n.c.State(s0))
	}
	for !n.idle() {
		n.step(t)
	}
	for _, id := range []kvtypes.RequestID{b0, b1, s0} {
		if o := n.out[id]; o.end != string(kvtypes.FinishLength) || len(o.tokens) != 4 {
			t.Fatalf("r%d: %v", id, o)
		}
	}
	if !slices.Equal(n.out[b0].tokens, n.out[b1].tokens) {
		t.Fatalf("recomputed request diverged: %v vs %v", n.out[b1].tokens, n.out[b0].tokens)
	}
}

// TestStepBudget: within each tenant decodes go first, one token each; prefill chunks share what
// is left; the batch never exceeds the budget or the running limit.
func TestStepBudget(t *testing.T) {
	cfg := Config{Pages: 512, PageTokens: 4, MaxContext: 256, StepTokens: 32, MaxRunning: 6, Secret: testSecret(), Vocab: 100, EOS: []int32{0}}
	n := newNode(t, cfg)
	for i := range 10 {
		n.submit(t, epoch0, RequestSpec{Tenant: fmt.Sprint("t", i%3), Prompt: make([]int32, 10+7*i), MaxTokens: 20, IgnoreEOS: true})
	}
	for steps := 0; !n.idle(); steps++ {
		rd := n.c.Ready()
		tokens, prefilled := 0, map[kvtypes.TenantKey]bool{}
		for _, s := range rd.Batch {
			tokens += len(s.Tokens)
			isDecode := len(s.Tokens) == 1 && s.Logits && s.Start >= n.c.reqs[s.Request].prompt
			if isDecode && prefilled[s.Tenant] {
				t.Fatalf("a decode after a prefill chunk of its tenant in %+v", rd.Batch)
			}
			prefilled[s.Tenant] = prefilled[s.Tenant] || !isDecode
		}
		if tokens > cfg.StepTokens || len(rd.Batch) > cfg.MaxRunning {
			t.Fatalf("step of %d tokens, %d sequences", tokens, len(rd.Batch))
		}
		n.e.apply(rd)
		for _, em := range rd.Emit {
			n.out[em.Request].tokens = append(n.out[em.Request].tokens, em.Token)
		}
		res, err := n.e.run(rd)
		if err != nil {
			t.Fatal(err)
		}
		n.c.Advance(res)
		if steps > 1000 {
			t.Fatal("no progress")
		}
	}
	if st := n.c.Stats(); st.Finished[kvtypes.FinishLength] != 10 || st.DecodeTokens+st.PrefillTokens == 0 {
		t.Fatalf("%+v", st)
	}
}
