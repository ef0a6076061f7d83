package core

import (
	"errors"
	"flag"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// Scenario tests: testdata/*.txt hold commands and the output they must produce, in the style of
// cockroachdb/datadriven (written here rather than added as a dependency). A block is
//
//	command arg key=value ...
//	----
//	expected output (no blank lines)
//
// followed by a blank line. Lines starting with # are comments. `go test -run TestScenarios
// -rewrite` regenerates the expected output; review the diff.
//
// Commands:
//
//	new pages=N [page-tokens=P] [context=N] [step=N] [running=N] [waiting=N] [cache] [fence=D] [<state>=D]
//	submit tenant=T prompt=1,2,3|len=N max=N [mode=local|prefill|decode] [first=N] [stop=N,..] [ignore-eos]
//	step [rN=TOKEN ...] [violation=rN] [fail]   Ready, execute, Advance (sampled tokens default to 1)
//	ready / advance [rN=TOKEN ...]             the two halves of step, to put events in between
//	abort rN [reason=R]
//	pause rN / resume rN                       hold a decoding request out of batches, and let it back
//	tick D                                     advance the clock by a duration such as 150ms
//	receive rN [write=N] [skip=I] [tokens=N] [request=rM] [gen=I]   decode-side transport writes
//	                                           (the first N pages, less page I) and reports
//	plan bytes-per-token=N kv-bytes=N model-context=N [max-context=N] [page-tokens=N]
//	transfer-done rN ok|fail                   the transport closes rN's transfer (or its cancel)
//	late-write rN page=I                       a buggy writer lands on rN's old receive page I
//	drop-tenant T                              the operator removed tenant T: drop its prefix cache
//	shutdown / stats / pages / check

var rewrite = flag.Bool("rewrite", false, "rewrite the expected output of scenario tests")

func TestScenarios(t *testing.T) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.txt"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no scenarios: %v", err)
	}
	for _, f := range files {
		t.Run(strings.TrimSuffix(filepath.Base(f), ".txt"), func(t *testing.T) { runScenario(t, f) })
	}
}

type chunk struct {
	raw      string // comment or blank line, kept as is
	line     int
	cmd      string
	expected []string
}

func parseScenario(t *testing.T, path string) []chunk {
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(strings.TrimRight(string(data), "\n"), "\n")
	var out []chunk
	for i := 0; i < len(lines); i++ {
		l := lines[i]
		if strings.TrimSpace(l) == "" || strings.HasPrefix(l, "#") {
			out = append(out, chunk{raw: l})
			continue
		}
		c := chunk{cmd: l, line: i + 1}
		if i+1 >= len(lines) || lines[i+1] != "----" {
			t.Fatalf("%s:%d: command without ----", path, i+1)
		}
		i += 2
		for ; i < len(lines) && lines[i] != ""; i++ {
			c.expected = append(c.expected, lines[i])
		}
		out = append(out, c)
		if i < len(lines) {
			out = append(out, chunk{raw: ""})
		}
	}
	return out
}

func runScenario(t *testing.T, path string) {
	chunks := parseScenario(t, path)
	s := &scenario{t: t}
	var b strings.Builder
	failed := false
	for i := range chunks {
		c := &chunks[i]
		if c.cmd == "" {
			b.WriteString(c.raw + "\n")
			continue
		}
		got := s.run(c.cmd)
		if s.c != nil {
			if err := s.c.Check(); err != nil {
				got = append(got, "CHECK FAILED: "+err.Error())
			}
		}
		fmt.Fprintf(&b, "%s\n----\n%s\n", c.cmd, strings.Join(got, "\n"))
		if !*rewrite && !slices.Equal(got, c.expected) {
			t.Errorf("%s:%d: %s\n got:\n  %s\n want:\n  %s", path, c.line, c.cmd,
				strings.Join(got, "\n  "), strings.Join(c.expected, "\n  "))
			failed = true
		}
	}
	if *rewrite {
		if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
			t.Fatal(err)
		}
	} else if failed {
		t.Logf("run with -rewrite to regenerate %s", path)
	}
}

type scenario struct {
	t       *testing.T
	c       *Core
	e       *fakeExec
	now     time.Time
	names   map[kvtypes.TenantKey]string
	xfer    map[kvtypes.RequestID]kvtypes.TransferID // latest transfer per request
	xname   map[kvtypes.TransferID]string
	recv    map[kvtypes.RequestID]ReceivePages
	first   map[kvtypes.RequestID]int32 // the prefill node's token, which the receive reports
	pending Ready
	ready   bool
}

type args struct {
	pos []string
	kv  map[string]string
}

func parseArgs(fields []string) args {
	a := args{kv: make(map[string]string)}
	for _, f := range fields {
		if k, v, ok := strings.Cut(f, "="); ok {
			a.kv[k] = v
		} else {
			a.pos = append(a.pos, f)
		}
	}
	return a
}

func (a args) int(k string, def int) int {
	v, ok := a.kv[k]
	if !ok {
		return def
	}
	n, err := strconv.Atoi(v)
	if err != nil {
		panic(fmt.Sprintf("%s=%s: %v", k, v, err))
	}
	return n
}

func (a args) dur(k string) time.Duration {
	v, ok := a.kv[k]
	if !ok {
		return 0
	}
	d, err := time.ParseDuration(v)
	if err != nil {
		panic(err)
	}
	return d
}

func (a args) has(k string) bool { return slices.Contains(a.pos, k) }

func parseReq(s string) kvtypes.RequestID {
	n, err := strconv.Atoi(strings.TrimPrefix(s, "r"))
	if err != nil {
		panic(fmt.Sprintf("bad request %q", s))
	}
	return kvtypes.RequestID(n)
}

func parseTokens(s string) []int32 {
	var out []int32
	for _, f := range strings.Split(s, ",") {
		n, err := strconv.Atoi(f)
		if err != nil {
			panic(fmt.Sprintf("bad token list %q", s))
		}
		out = append(out, int32(n))
	}
	return out
}

func (s *scenario) run(line string) (out []string) {
	defer func() {
		if p := recover(); p != nil {
			out = []string{fmt.Sprintf("PANIC: %v", p)}
		}
	}()
	f := strings.Fields(line)
	a := parseArgs(f[1:])
	if f[0] != "new" && f[0] != "plan" && s.c == nil {
		return []string{"no core: start with new"}
	}
	switch f[0] {
	case "new":
		return s.cmdNew(a)
	case "submit":
		return s.cmdSubmit(a)
	case "step":
		out = s.cmdReady()
		return append(out, s.cmdAdvance(a)...)
	case "ready":
		return s.cmdReady()
	case "advance":
		return s.cmdAdvance(a)
	case "abort":
		reason := kvtypes.AbortReason(a.kv["reason"])
		if reason == "" {
			reason = kvtypes.AbortCancelled
		}
		if err := s.c.Abort(s.now, parseReq(a.pos[0]), reason); err != nil {
			return []string{"error: " + err.Error()}
		}
		return []string{"ok"}
	case "pause", "resume":
		ev := s.c.Pause
		if f[0] == "resume" {
			ev = s.c.Resume
		}
		if err := ev(s.now, parseReq(a.pos[0])); err != nil {
			return []string{"error: " + err.Error()}
		}
		return []string{"ok"}
	case "tick":
		d, err := time.ParseDuration(a.pos[0])
		if err != nil {
			panic(err)
		}
		s.now = s.now.Add(d)
		s.c.Tick(s.now)
		return s.states()
	case "receive":
		return s.cmdReceive(a)
	case "transfer-done":
		id := s.xfer[parseReq(a.pos[0])]
		if err := s.c.TransferDone(s.now, id, a.pos[1] == "ok"); err != nil {
			return []string{"error: " + err.Error()}
		}
		return s.states()
	case "late-write":
		r := parseReq(a.pos[0])
		rp := s.recv[r]
		i := a.int("page", 0)
		s.e.lateWrite(rp, i, s.e.expect[r])
		return []string{fmt.Sprintf("page %d header %s", rp.Pages[i].Page, s.header(s.e.headers[rp.Pages[i].Page]))}
	case "drop-tenant":
		return []string{fmt.Sprintf("dropped %d cached pages", s.c.DropTenant(s.now, a.pos[0]))}
	case "plan":
		p, err := Plan(CapacityConfig{BytesPerToken: int64(a.int("bytes-per-token", 0)), KVMemBytes: int64(a.int("kv-bytes", 0)),
			PageTokens: a.int("page-tokens", 0), ModelContext: a.int("model-context", 0), MaxContext: a.int("max-context", 0)})
		if err != nil {
			return []string{"error: " + err.Error()}
		}
		return strings.Split(strings.TrimRight(p.String(), "\n"), "\n")
	case "shutdown":
		s.c.Shutdown(s.now)
		return []string{"ok"}
	case "stats":
		return s.stats()
	case "pages":
		return s.pages()
	case "check":
		return []string{"ok"}
	}
	return []string{"unknown command " + f[0]}
}

func (s *scenario) cmdNew(a args) []string {
	cfg := Config{
		Pages:       a.int("pages", 8),
		PageTokens:  a.int("page-tokens", 4),
		StepTokens:  a.int("step", 16),
		MaxRunning:  a.int("running", 4),
		MaxWaiting:  a.int("waiting", 16),
		Vocab:       100,
		EOS:         []int32{0},
		Secret:      testSecret(),
		PrefixCache: a.has("cache"),
		Deadlines: Deadlines{
			Waiting: a.dur("waiting-deadline"), Prefilling: a.dur("prefilling-deadline"),
			Transferring: a.dur("transferring-deadline"), Decoding: a.dur("decoding-deadline"),
			Fence: a.dur("fence"),
		},
	}
	cfg.MaxContext = a.int("context", cfg.Pages*cfg.PageTokens)
	c, err := New(cfg)
	if err != nil {
		return []string{"error: " + err.Error()}
	}
	*s = scenario{t: s.t, c: c, now: epoch0, e: newFakeExec(cfg.Pages, c.cfg.PageTokens, cfg.Vocab),
		names: make(map[kvtypes.TenantKey]string), xfer: make(map[kvtypes.RequestID]kvtypes.TransferID),
		xname: make(map[kvtypes.TransferID]string), recv: make(map[kvtypes.RequestID]ReceivePages),
		first: make(map[kvtypes.RequestID]int32)}
	return []string{"ok"}
}

func (s *scenario) cmdSubmit(a args) []string {
	spec := RequestSpec{Tenant: a.kv["tenant"], MaxTokens: a.int("max", 4), IgnoreEOS: a.has("ignore-eos")}
	if p, ok := a.kv["prompt"]; ok && p != "" {
		spec.Prompt = parseTokens(p)
	}
	for i := range a.int("len", 0) {
		spec.Prompt = append(spec.Prompt, int32(10+i%80))
	}
	if st, ok := a.kv["stop"]; ok {
		spec.StopTokens = parseTokens(st)
	}
	switch a.kv["mode"] {
	case "prefill":
		spec.Mode = PrefillOnly
	case "decode":
		spec.Mode = DecodeOnly
	}
	res, err := s.c.Submit(s.now, spec)
	var rej *Rejection
	if errors.As(err, &rej) {
		return []string{fmt.Sprintf("rejected %s: %s", rej.Reason, rej.Message)}
	}
	if err != nil {
		return []string{"error: " + err.Error()}
	}
	s.names[res.Tenant] = spec.Tenant
	if spec.Mode == DecodeOnly {
		s.first[res.ID] = int32(a.int("first", 1))
	}
	s.e.submitted(res.ID, spec)
	return []string{fmt.Sprintf("r%d %s (reserves %d tokens)", res.ID, s.c.State(res.ID), res.Tokens)}
}

func (s *scenario) header(h kvtypes.Header) string {
	if h == (kvtypes.Header{}) {
		return "invalid"
	}
	w := ""
	if !h.Written {
		w = "/unwritten"
	}
	return fmt.Sprintf("%s/r%d/g%d%s", s.names[h.Tenant], h.Request, h.Gen, w)
}

func (s *scenario) xn(id kvtypes.TransferID) string {
	if n, ok := s.xname[id]; ok {
		return n
	}
	n := fmt.Sprintf("x%d", len(s.xname)+1)
	s.xname[id] = n
	return n
}

func refs(ps []kvtypes.PageRef) string {
	var b strings.Builder
	for i, p := range ps {
		if i > 0 {
			b.WriteByte(' ')
		}
		fmt.Fprintf(&b, "%d", p.Page)
	}
	return "[" + b.String() + "]"
}

func (s *scenario) cmdReady() []string {
	if s.ready {
		return []string{"error: ready already outstanding"}
	}
	rd := s.c.Ready()
	s.pending, s.ready = rd, true
	var out []string
	for _, e := range rd.Emit {
		out = append(out, fmt.Sprintf("emit r%d #%d = %d", e.Request, e.Index, e.Token))
	}
	for _, d := range rd.Done {
		if d.Finish != "" {
			out = append(out, fmt.Sprintf("done r%d finished %s after %d tokens", d.Request, d.Finish, d.Generated))
		} else {
			out = append(out, fmt.Sprintf("done r%d aborted %s after %d tokens: %s", d.Request, d.Abort, d.Generated, d.Message))
		}
	}
	if len(rd.Invalidate) > 0 {
		out = append(out, fmt.Sprintf("invalidate %v", rd.Invalidate))
	}
	for _, st := range rd.Stamp {
		out = append(out, fmt.Sprintf("stamp %d %s", st.Page, s.header(st.Header)))
	}
	for _, id := range rd.Cancel {
		out = append(out, "cancel "+s.xn(id))
	}
	for _, sp := range rd.Send {
		s.xfer[sp.Request] = sp.Transfer
		out = append(out, fmt.Sprintf("send %s r%d pages %s tokens %d first %d", s.xn(sp.Transfer), sp.Request, refs(sp.Pages), sp.Tokens, sp.First))
	}
	for _, rp := range rd.Receive {
		s.xfer[rp.Request] = rp.Transfer
		s.recv[rp.Request] = rp
		out = append(out, fmt.Sprintf("receive %s r%d pages %s tokens %d", s.xn(rp.Transfer), rp.Request, refs(rp.Pages), rp.Tokens))
	}
	for _, sq := range rd.Batch {
		l := fmt.Sprintf("run r%d %s pos %d..%d tokens %v pages %s", sq.Request, s.names[sq.Tenant], sq.Start, sq.Start+len(sq.Tokens)-1, sq.Tokens, refs(sq.Pages))
		if sq.Logits {
			l += " logits"
		}
		out = append(out, l)
	}
	s.e.apply(rd)
	if len(out) == 0 {
		out = append(out, "nothing to do")
	}
	return out
}

func (s *scenario) cmdAdvance(a args) []string {
	if !s.ready {
		return []string{"error: no ready outstanding"}
	}
	rd := s.pending
	s.ready = false
	res, err := s.e.run(rd)
	var out []string
	if err != nil {
		out = append(out, "EXECUTOR: "+err.Error())
	}
	for i, sq := range rd.Batch {
		name := fmt.Sprintf("r%d", sq.Request)
		if sq.Logits {
			res.Seqs[i].Token = int32(a.int(name, 1))
		}
		if res.Seqs[i].Violation {
			out = append(out, fmt.Sprintf("header check failed for %s", name))
		}
		if a.kv["violation"] == name {
			res.Seqs[i].Violation = true
		}
	}
	if a.has("fail") {
		res.Err = errors.New("injected step failure")
	}
	if err := s.c.Advance(res); err != nil {
		out = append(out, "error: "+err.Error())
	}
	return append(out, s.states()...)
}

func (s *scenario) states() []string {
	var ids []kvtypes.RequestID
	for id := range s.c.reqs {
		ids = append(ids, id)
	}
	slices.Sort(ids)
	var parts []string
	for _, id := range ids {
		r := s.c.reqs[id]
		parts = append(parts, fmt.Sprintf("r%d:%s", id, r.state))
	}
	if len(parts) == 0 {
		return []string{"no live requests"}
	}
	return []string{strings.Join(parts, " ")}
}

func (s *scenario) cmdReceive(a args) []string {
	id := parseReq(a.pos[0])
	rp, ok := s.recv[id]
	if !ok {
		return []string{"error: no receive for " + a.pos[0]}
	}
	skip := -1
	if v, ok := a.kv["skip"]; ok {
		skip, _ = strconv.Atoi(v)
	}
	write := a.int("write", len(rp.Pages))
	m := s.e.receive(rp, s.e.expect[id], func(i int) bool { return i == skip || i >= write })
	m.Tokens = a.int("tokens", m.Tokens)
	m.First = int32(a.int("first", int(s.first[id])))
	if v, ok := a.kv["request"]; ok {
		m.Request = parseReq(v)
	}
	if g, ok := a.kv["gen"]; ok {
		i, _ := strconv.Atoi(g)
		m.Pages[i].Header.Gen++
	}
	var out []string
	for _, p := range m.Pages {
		out = append(out, fmt.Sprintf("page %d header %s", p.Page, s.header(p.Header)))
	}
	if err := s.c.PagesReceived(s.now, m); err != nil {
		out = append(out, "refused: "+err.Error())
	} else {
		out = append(out, "committed")
	}
	return append(out, s.states()...)
}

func (s *scenario) stats() []string {
	st := s.c.Stats()
	out := []string{
		fmt.Sprintf("requests waiting %d running %d transferring %d", st.Waiting, st.Running, st.Transferring),
		fmt.Sprintf("pages total %d free %d owned %d cached %d (idle %d) quarantined %d",
			st.PagesTotal, st.PagesFree, st.PagesOwned, st.PagesCached, st.PagesIdle, st.PagesQuarantined),
		fmt.Sprintf("security %d stale %d fence-timeouts %d preemptions %d evictions %d cache-hit-tokens %d",
			st.SecurityEvents, st.StaleEvents, st.FenceTimeouts, st.Preemptions, st.Evictions, st.CacheHitTokens),
	}
	var rs []string
	for _, r := range rejectReasons {
		if n := st.Rejected[r]; n > 0 {
			rs = append(rs, fmt.Sprintf("%s=%d", r, n))
		}
	}
	for _, r := range abortReasons {
		if n := st.Aborted[r]; n > 0 {
			rs = append(rs, fmt.Sprintf("aborted:%s=%d", r, n))
		}
	}
	for _, r := range finishReasons {
		if n := st.Finished[r]; n > 0 {
			rs = append(rs, fmt.Sprintf("finished:%s=%d", r, n))
		}
	}
	if len(rs) > 0 {
		out = append(out, strings.Join(rs, " "))
	}
	return out
}

func (s *scenario) pages() []string {
	var out []string
	for i := range s.c.l.pages {
		p := &s.c.l.pages[i]
		l := fmt.Sprintf("page %d %s g%d", i, p.state, p.gen)
		switch p.state {
		case pageOwned, pageQuarantined:
			l += fmt.Sprintf(" r%d", p.owner)
		case pageCached:
			l += fmt.Sprintf(" %s refs %d", s.c.tlist[p.tenant].name, p.refs)
		}
		out = append(out, l+" header "+s.header(s.e.headers[i]))
	}
	return out
}
