package core

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"pgregory.net/rapid"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// Invariant 12 at the level of the core: a request produces the same tokens whether it runs alone
// or batched, hits or misses the prefix cache, is preempted and recomputed, or is split across a
// prefill node and a decode node. The fake executor samples from a hash of exactly what a sequence
// attends over, so any difference in what the core feeds or which pages it hands out changes the
// output.

// fataler is what both *testing.T and *rapid.T offer.
type fataler interface {
	Fatalf(format string, args ...any)
}

type job struct {
	spec RequestSpec
	at   int // submitted before step `at`
}

type outcome struct {
	tokens []int32
	end    string
}

func (o outcome) String() string { return fmt.Sprintf("%v %s", o.tokens, o.end) }

// node is one core with its fake executor, driven step by step.
type node struct {
	c      *Core
	e      *fakeExec
	out    map[kvtypes.RequestID]*outcome
	firsts []kvtypes.RequestID // requests in the order they first ran
	seen   map[kvtypes.RequestID]bool
}

func newNode(t fataler, cfg Config) *node {
	c, err := New(cfg)
	if err != nil {
		t.Fatalf("%v", err)
	}
	return &node{c: c, e: newFakeExec(cfg.Pages, c.cfg.PageTokens, cfg.Vocab), out: make(map[kvtypes.RequestID]*outcome), seen: make(map[kvtypes.RequestID]bool)}
}

func (n *node) submit(t fataler, now time.Time, spec RequestSpec) kvtypes.RequestID {
	res, err := n.c.Submit(now, spec)
	if err != nil {
		t.Fatalf("submit: %v", err)
	}
	n.e.submitted(res.ID, spec)
	n.out[res.ID] = &outcome{}
	return res.ID
}

// step runs one Ready/Advance and returns the plan's transfer items.
func (n *node) step(t fataler) Ready {
	rd := n.c.Ready()
	for _, em := range rd.Emit {
		o := n.out[em.Request]
		o.tokens = append(o.tokens, em.Token)
	}
	for _, d := range rd.Done {
		o := n.out[d.Request]
		if o.end != "" {
			t.Fatalf("second terminal for r%d", d.Request)
		}
		o.end = string(d.Finish)
		if d.Abort != "" {
			o.end = "abort:" + string(d.Abort)
		}
	}
	for _, s := range rd.Batch {
		if !n.seen[s.Request] {
			n.seen[s.Request] = true
			n.firsts = append(n.firsts, s.Request)
		}
	}
	n.e.apply(rd)
	res, err := n.e.run(rd)
	if err != nil {
		t.Fatalf("%v", err)
	}
	if err := n.c.Advance(res); err != nil {
		t.Fatalf("%v", err)
	}
	if err := n.c.Check(); err != nil {
		t.Fatalf("%v", err)
	}
	return rd
}

func (n *node) idle() bool { return !n.c.HasReady() && len(n.c.live) == 0 && len(n.c.xfers) == 0 }

// runLocal runs jobs on one node and returns each job's outcome.
func runLocal(t fataler, cfg Config, jobs []job) ([]outcome, []int) {
	n := newNode(t, cfg)
	ids := make([]kvtypes.RequestID, len(jobs))
	now := epoch0
	for step := 0; ; step++ {
		for i, j := range jobs {
			if j.at == step {
				ids[i] = n.submit(t, now, j.spec)
			}
		}
		n.step(t)
		if step > jobs[len(jobs)-1].at && n.idle() {
			break
		}
		if step > 100000 {
			t.Fatalf("no progress")
		}
	}
	outs := make([]outcome, len(jobs))
	index := make(map[kvtypes.RequestID]int)
	for i, id := range ids {
		outs[i] = *n.out[id]
		index[id] = i
	}
	var order []int
	for _, id := range n.firsts {
		order = append(order, index[id])
	}
	return outs, order
}

// runSplit runs jobs on a prefill node and a decode node joined by an in-memory transport that
// copies KV page by page, checking headers on both ends. drop, when set, makes the transport lose
// a page of some transfers; those requests must be refused, never decoded from stale pages.
func runSplit(t fataler, cfg Config, jobs []job, drop func(i int) bool) []outcome {
	pre, dec := newNode(t, cfg), newNode(t, cfg)
	now := epoch0
	preIDs := make([]kvtypes.RequestID, len(jobs))
	job := make(map[kvtypes.RequestID]int)   // prefill id → job
	decOf := make(map[kvtypes.RequestID]int) // decode id → job
	sends := make(map[kvtypes.RequestID]SendPages)
	sendOf := make(map[kvtypes.RequestID]SendPages) // decode id → the send feeding it
	for step := 0; ; step++ {
		for i, j := range jobs {
			if j.at == step {
				spec := j.spec
				spec.Mode = PrefillOnly
				preIDs[i] = pre.submit(t, now, spec)
				job[preIDs[i]] = i
			}
		}
		rd := pre.step(t)
		for _, s := range rd.Send {
			sends[s.Request] = s
			spec := jobs[job[s.Request]].spec
			spec.Mode = DecodeOnly
			id := dec.submit(t, now, spec)
			decOf[id] = job[s.Request]
			sendOf[id] = s
		}
		rd = dec.step(t)
		for _, rp := range rd.Receive {
			s := sendOf[rp.Request]
			m := Received{Transfer: rp.Transfer, Request: rp.Request, Tokens: s.Tokens, First: s.First}
			lost := drop != nil && drop(decOf[rp.Request])
			for i, ref := range rp.Pages {
				src := s.Pages[i]
				if h := pre.e.headers[src.Page]; h.Tenant != s.Tenant || h.Gen != src.Gen || !h.Written {
					t.Fatalf("sender would read page %d with header %v", src.Page, h)
				}
				mine := kvtypes.Header{Tenant: rp.Tenant, Request: rp.Request, Gen: ref.Gen}
				if dec.e.headers[ref.Page] != mine {
					t.Fatalf("receiver page %d header %v, want %v", ref.Page, dec.e.headers[ref.Page], mine)
				}
				if !(lost && i == len(rp.Pages)-1) {
					copy(dec.e.kv[int(ref.Page)*cfg.PageTokens:int(ref.Page+1)*cfg.PageTokens], pre.e.kv[int(src.Page)*cfg.PageTokens:int(src.Page+1)*cfg.PageTokens])
					mine.Written = true
					dec.e.headers[ref.Page] = mine
				}
				m.Pages = append(m.Pages, WrittenPage{Page: ref.Page, Header: dec.e.headers[ref.Page]})
			}
			err := dec.c.PagesReceived(now, m)
			if (err != nil) != lost {
				t.Fatalf("commit of job %d: %v (lost a page: %v)", decOf[rp.Request], err, lost)
			}
			if err := pre.c.TransferDone(now, s.Transfer, err == nil); err != nil {
				t.Fatalf("%v", err)
			}
		}
		if step > jobs[len(jobs)-1].at && pre.idle() && dec.idle() {
			break
		}
		if step > 100000 {
			t.Fatalf("no progress")
		}
	}
	outs := make([]outcome, len(jobs))
	for id, i := range decOf {
		outs[i] = *dec.out[id]
	}
	for i, id := range preIDs {
		if o := pre.out[id]; o.end != string(kvtypes.FinishTransferred) && outs[i].end == "" {
			outs[i] = outcome{end: "prefill " + o.end}
		}
	}
	return outs
}

func drawJobs(rng *rand.Rand, n, P int, vocab int) []job {
	bases := make([][]int32, 3)
	for i := range bases {
		for range 1 + rng.IntN(4*P) {
			bases[i] = append(bases[i], int32(1+rng.IntN(vocab-1)))
		}
	}
	jobs := make([]job, n)
	at := 0
	for i := range jobs {
		b := bases[rng.IntN(len(bases))]
		p := append([]int32(nil), b[:rng.IntN(len(b)+1)]...)
		for range rng.IntN(2*P + 1) {
			p = append(p, int32(1+rng.IntN(vocab-1)))
		}
		if len(p) == 0 {
			p = append(p, 1)
		}
		at += rng.IntN(3)
		jobs[i] = job{at: at, spec: RequestSpec{
			Tenant: tenantNames[rng.IntN(len(tenantNames))], Prompt: p, MaxTokens: 1 + rng.IntN(3*P),
			IgnoreEOS: rng.IntN(3) == 0,
		}}
	}
	return jobs
}

func splitConfig(rng *rand.Rand, pages int) Config {
	P := []int{1, 2, 4, 8}[rng.IntN(4)]
	step := 4 + rng.IntN(40)
	return Config{
		Pages: pages, PageTokens: P, MaxContext: 12 * P, StepTokens: step, MaxRunning: 1 + rng.IntN(min(step, 8)),
		MaxWaiting: 1 << 12, Vocab: 40, EOS: []int32{0}, Secret: testSecret(), Nonce: rng.Uint64(),
		Deadlines: Deadlines{Waiting: time.Hour, Prefilling: time.Hour, Transferring: time.Hour, Decoding: time.Hour, Total: time.Hour},
	}
}

func TestBitIdenticalAcrossPathsProperty(t *testing.T) {
	checks(t, 100, func(rt *rapid.T) {
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(rt, "seed"), 2))
		// A small pool forces preemption and eviction on some runs; a large one never does.
		cfg := splitConfig(rng, []int{13, 16, 24, 400}[rng.IntN(4)])
		jobs := drawJobs(rng, rapid.IntRange(1, 40).Draw(rt, "jobs"), cfg.PageTokens, cfg.Vocab)

		ref, _ := runLocal(rt, cfg, jobs)
		for i, o := range ref {
			if o.end != string(kvtypes.FinishStop) && o.end != string(kvtypes.FinishLength) {
				rt.Fatalf("job %d ended %q on a healthy node", i, o.end)
			}
		}
		cached := cfg
		cached.PrefixCache = true
		got, _ := runLocal(rt, cached, jobs)
		if !slices.EqualFunc(got, ref, outcomeEq) {
			rt.Fatalf("prefix cache changed outputs:\n%v\n%v", got, ref)
		}
		alone := make([]outcome, len(jobs))
		for i, j := range jobs {
			j.at = 0
			o, _ := runLocal(rt, cfg, []job{j})
			alone[i] = o[0]
		}
		if !slices.EqualFunc(alone, ref, outcomeEq) {
			rt.Fatalf("batching changed outputs:\n%v\n%v", alone, ref)
		}
		split := runSplit(rt, cached, jobs, nil)
		if !slices.EqualFunc(split, ref, outcomeEq) {
			rt.Fatalf("prefill/decode split changed outputs:\n%v\n%v", split, ref)
		}
		lossy := runSplit(rt, cached, jobs, func(i int) bool { return i%3 == 1 })
		for i := range jobs {
			want := ref[i]
			if i%3 == 1 {
				want = outcome{end: "abort:" + string(kvtypes.AbortTransfer)}
			}
			if !outcomeEq(lossy[i], want) {
				rt.Fatalf("job %d over a lossy transport: %v, want %v", i, lossy[i], want)
			}
		}
		eventsChecked.Add(int64(len(jobs)) * 6)
	})
}

func outcomeEq(a, b outcome) bool { return a.end == b.end && slices.Equal(a.tokens, b.tokens) }

// TestCacheHitsDoNotReorder: with every request queued up front and no pool pressure, the order in
// which requests are admitted is the same with and without the prefix cache, for every tenant.
// There is no slot pressure either: when every slot is held, a tenant at its share of the slots is
// passed over until one of its requests ends, and when that happens depends on timing, which cache
// hits change (see admitHead).
func TestCacheHitsDoNotReorder(t *testing.T) {
	checks(t, 100, func(rt *rapid.T) {
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(rt, "seed"), 3))
		cfg := splitConfig(rng, 2000)
		cfg.StepTokens = max(cfg.StepTokens, 40)
		cfg.MaxRunning = cfg.StepTokens
		jobs := drawJobs(rng, rapid.IntRange(2, 40).Draw(rt, "jobs"), cfg.PageTokens, cfg.Vocab)
		for i := range jobs {
			jobs[i].at = 0
		}
		_, plain := runLocal(rt, cfg, jobs)
		cfg.PrefixCache = true
		_, cached := runLocal(rt, cfg, jobs)
		if !slices.Equal(plain, cached) {
			rt.Fatalf("admission order changed by cache hits:\nwithout %v\nwith    %v", plain, cached)
		}
	})
}

// TestIncidentAcrossNodes replays the incident's order of events on a prefill node and a decode
// node: oversized prompt, abort, hand-off attempt, commit of reserved-but-unwritten pages. Each is
// refused, and nothing is ever read from a page another request wrote.
func TestIncidentAcrossNodes(t *testing.T) {
	cfg := Config{Pages: 64, PageTokens: 16, MaxContext: 1024, StepTokens: 512, Vocab: 1000, EOS: []int32{0}, Secret: testSecret()}
	pre, dec := newNode(t, cfg), newNode(t, cfg)
	now := epoch0
	long := make([]int32, 1100)
	for i := range long {
		long[i] = int32(1 + i%900)
	}

	// Oversized: a rejection, not a request. Nothing exists to be aborted, hand off or bind.
	_, err := pre.c.Submit(now, RequestSpec{Tenant: "victim", Prompt: long, MaxTokens: 16, Mode: PrefillOnly})
	if rej, ok := err.(*Rejection); !ok || rej.Reason != kvtypes.RejectContextLength {
		t.Fatalf("oversized prompt: %v", err)
	}
	if len(pre.c.reqs) != 0 || pre.c.Stats().PagesFree != 64 {
		t.Fatal("a rejected request left state behind")
	}

	// Another tenant's data fills the decode pool once, so its pages are not blank when reused
	// (scrub mode none).
	other := dec.submit(t, now, RequestSpec{Tenant: "other", Prompt: long[:120], MaxTokens: 1, Mode: DecodeOnly})
	rd := dec.step(t)
	rp := rd.Receive[0]
	m := dec.e.receive(rp, dec.e.expect[other], func(int) bool { return false })
	m.First = 7
	if err := dec.c.PagesReceived(now, m); err != nil {
		t.Fatal(err)
	}
	for !dec.idle() {
		dec.step(t)
	}

	// The victim's request is aborted mid-prefill on the prefill node.
	id := pre.submit(t, now, RequestSpec{Tenant: "victim", Prompt: long[:127], MaxTokens: 16, Mode: PrefillOnly})
	rd = pre.c.Ready()
	pre.e.apply(rd)
	if err := pre.c.Abort(now, id, kvtypes.AbortCancelled); err != nil {
		t.Fatal(err)
	}
	res, _ := pre.e.run(rd)
	res.Seqs[0].Token = 5 // the engine still samples: the core must drop it
	pre.c.Advance(res)
	rd = pre.step(t)
	if len(rd.Send) != 0 || len(rd.Done) != 1 || rd.Done[0].Abort != kvtypes.AbortCancelled {
		t.Fatalf("aborted request reached the hand-off: send %v done %+v", rd.Send, rd.Done)
	}
	// A hand-off attempt naming it is refused: there is no transfer, and ids are not guessable.
	for _, guess := range []kvtypes.TransferID{1, kvtypes.TransferID(mix64(1)), kvtypes.TransferID(id)} {
		if err := pre.c.TransferDone(now, guess, true); err != ErrUnknownTransfer {
			t.Fatalf("guessed transfer %d: %v", guess, err)
		}
	}

	// The decode node has reserved eight pages for the original length; the sender writes one and
	// reports the length it actually had. Refused; and refused again when it claims the full length.
	for _, claim := range []int{16, 127} {
		did := dec.submit(t, now, RequestSpec{Tenant: "victim", Prompt: long[:127], MaxTokens: 16, Mode: DecodeOnly})
		rd = dec.step(t)
		rp := rd.Receive[0]
		if len(rp.Pages) != 8 {
			t.Fatalf("reserved %d pages", len(rp.Pages))
		}
		m := dec.e.receive(rp, dec.e.expect[did], func(i int) bool { return i > 0 })
		m.First = 5
		m.Tokens = claim
		if err := dec.c.PagesReceived(now, m); err == nil {
			t.Fatalf("commit with one of eight pages written (claiming %d tokens)", claim)
		}
		rd = dec.step(t)
		if len(rd.Done) != 1 || rd.Done[0].Abort != kvtypes.AbortTransfer || rd.Done[0].Finish != "" || len(rd.Batch) != 0 {
			t.Fatalf("refused hand-off: %+v", rd)
		}
	}
	if st := dec.c.Stats(); st.SecurityEvents != 2 || st.PagesFree != 64 || st.Aborted[kvtypes.AbortTransfer] != 2 {
		t.Fatalf("%+v", st)
	}
}

// TestReceivingDeadlineCoversThePeersPrefill: a decode node's reservation waits for the peer to
// prefill the prompt and then send it, so its deadline is Prefilling + Transferring, not
// Transferring alone (a long prompt on a busy prefill node outlasted that and failed).
func TestReceivingDeadlineCoversThePeersPrefill(t *testing.T) {
	d := Deadlines{Waiting: time.Hour, Admitted: time.Hour, Prefilling: 10 * time.Minute, Transferring: time.Minute, Decoding: time.Hour, Total: 2 * time.Hour, Fence: time.Minute}
	for _, tc := range []struct {
		after time.Duration
		want  State
	}{
		{d.Transferring + time.Second, Transferring},
		{d.Prefilling + time.Second, Transferring},
		{d.Prefilling + d.Transferring + time.Second, Aborted},
	} {
		t.Run(tc.after.String(), func(t *testing.T) {
			n := newNode(t, Config{Pages: 16, PageTokens: 4, MaxContext: 64, Vocab: 100, EOS: []int32{0}, Secret: testSecret(), Deadlines: d})
			id := n.submit(t, epoch0, RequestSpec{Tenant: "acme", Prompt: []int32{1, 2, 3, 4, 5}, MaxTokens: 4, Mode: DecodeOnly})
			if rd := n.step(t); len(rd.Receive) != 1 || n.c.State(id) != Transferring {
				t.Fatalf("no reservation: %+v, state %s", rd, n.c.State(id))
			}
			n.c.Tick(epoch0.Add(tc.after))
			if got := n.c.State(id); got != tc.want && !(tc.want == Aborted && got == 0) {
				t.Fatalf("after %v: %s, want %s", tc.after, got, tc.want)
			}
		})
	}
}
