package core

import (
	"fmt"
	"slices"
	"testing"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

func TestLookupDraft(t *testing.T) {
	for _, tc := range []struct {
		name string
		toks []int32
		k    int
		want []int32
	}{
		{"no repeat", []int32{1, 2, 3, 4, 5}, 4, nil},
		{"bigram", []int32{7, 8, 9, 10, 11, 8, 9}, 4, []int32{10, 11, 8, 9}},
		{"k bounds it", []int32{7, 8, 9, 10, 11, 8, 9}, 2, []int32{10, 11}},
		{"latest occurrence", []int32{8, 9, 1, 8, 9, 2, 3, 8, 9}, 1, []int32{2}},
		{"longer n-gram wins", []int32{5, 8, 9, 1, 6, 8, 9, 2, 5, 8, 9}, 1, []int32{1}},
		{"a period repeats", []int32{3, 4, 5, 3, 4}, 8, []int32{5, 3, 4, 5, 3, 4, 5, 3}},
		{"a loop of one token", []int32{6, 2, 2, 2, 2}, 5, []int32{2, 2, 2, 2, 2}},
		{"after a prefix", []int32{7, 8, 9, 10, 11, 8, 9}, 6, []int32{10, 11, 8, 9, 10, 11}},
		{"a unigram is not enough", []int32{3, 1, 2, 4, 3}, 4, nil},
		{"too short", []int32{3}, 4, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := lookupDraft(tc.toks, tc.k, nil); !slices.Equal(got, tc.want) {
				t.Fatalf("lookupDraft(%v, %d) = %v, want %v", tc.toks, tc.k, got, tc.want)
			}
			// The engine appends the draft after the fed token: a prefix of out is kept as it is.
			if got := lookupDraft(tc.toks, tc.k, []int32{99}); !slices.Equal(got, append([]int32{99}, tc.want...)) {
				t.Fatalf("lookupDraft(%v, %d) after 99 = %v", tc.toks, tc.k, got)
			}
		})
	}
}

// repetitive is a prompt over an alphabet of 8 tokens, so that lookup has something to draft
// from, right or wrong.
func repetitive(tenant string, seed, n, maxTokens int, stop ...int32) RequestSpec {
	p := make([]int32, n)
	for i := range p {
		p[i] = int32(1 + mix64(uint64(seed*1000+i))%8)
	}
	return RequestSpec{Tenant: tenant, Prompt: p, MaxTokens: maxTokens, StopTokens: stop, IgnoreEOS: len(stop) > 0, Speculate: true}
}

// specRun runs jobs on one node whose fake model copies its context where it can (so that
// lookup's drafts are often right), with speculation of up to spec tokens, and returns the
// outcomes and the node; setup, when set, prepares the node first.
func specRun(t *testing.T, cfg Config, spec int, jobs []job, setup func(*node)) ([]outcome, *node) {
	cfg.SpecTokens = spec
	n := newNode(t, cfg)
	n.e.copying = true
	if setup != nil {
		setup(n)
	}
	ids := make([]kvtypes.RequestID, len(jobs))
	for step := 0; ; step++ {
		for i, j := range jobs {
			if j.at == step {
				ids[i] = n.submit(t, epoch0, j.spec)
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
	for i, id := range ids {
		outs[i] = *n.out[id]
	}
	return outs, n
}

// TestSpeculationKeepsOutputs: with speculation every request gets exactly the tokens and finish
// it gets without, alone or several at once, with chunked prompts, stop tokens, EOS and max_tokens
// falling inside a draft, pages of a few tokens and a prefix cache; drafts were fed, some accepted
// and some rejected; and when everything has ended (and the cache is dropped) every page is free.
func TestSpeculationKeepsOutputs(t *testing.T) {
	cases := []struct {
		name string
		cfg  Config
		jobs []job
	}{
		{"alone", Config{}, []job{{repetitive("a", 0, 30, 40), 0}}},
		{"max_tokens", Config{}, []job{{repetitive("a", 0, 30, 1), 0}, {repetitive("b", 3, 30, 2), 0}, {repetitive("c", 3, 30, 7), 0}}},
		{"stop tokens", Config{}, []job{{repetitive("a", 0, 25, 60, 2), 0}, {repetitive("a", 3, 25, 60, 9, 7), 1}}},
		{"eos", Config{EOS: []int32{3}}, []job{{RequestSpec{Tenant: "a", Prompt: repetitive("", 1, 25, 0).Prompt, MaxTokens: 60, Speculate: true}, 0}}},
		{"tenants and chunks", Config{StepTokens: 9, MaxRunning: 4}, []job{
			{repetitive("a", 0, 40, 30), 0}, {repetitive("b", 0, 40, 30), 0}, {repetitive("a", 5, 17, 25), 3}}},
		{"prefix cache", Config{PrefixCache: true}, []job{
			{repetitive("a", 0, 32, 20), 0}, {repetitive("a", 0, 32, 20), 30}, {repetitive("b", 0, 32, 20), 31}}},
		{"tight pool", Config{Pages: 24, MaxContext: 90}, []job{{repetitive("a", 0, 30, 50), 0}, {repetitive("b", 4, 30, 50), 0}}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			cfg := tc.cfg
			fillTestConfig(&cfg)
			plain, _ := specRun(t, cfg, 0, tc.jobs, nil)
			fast, n := specRun(t, cfg, 4, tc.jobs, nil)
			for i := range plain {
				if plain[i].String() != fast[i].String() {
					t.Errorf("job %d: speculation changed the outcome:\nplain %v\nspec  %v", i, plain[i], fast[i])
				}
			}
			st := n.c.Stats()
			if st.DraftTokens == 0 || st.AcceptedTokens == 0 || st.AcceptedTokens == st.DraftTokens {
				t.Errorf("drafted %d, accepted %d: the case does not run speculation both ways", st.DraftTokens, st.AcceptedTokens)
			}
			n.c.DropCache()
			if st := n.c.Stats(); st.PagesFree != st.PagesTotal {
				t.Errorf("%d of %d pages free after every request ended", st.PagesFree, st.PagesTotal)
			}
		})
	}
}

// fillTestConfig gives newTestCore's defaults to cfg's zero fields.
func fillTestConfig(cfg *Config) {
	def := Config{Pages: 64, PageTokens: 4, StepTokens: 32, MaxRunning: 8, Secret: testSecret(), EOS: []int32{0}, Vocab: 30}
	if cfg.Pages == 0 {
		cfg.Pages = def.Pages
	}
	if cfg.MaxContext == 0 {
		cfg.MaxContext = min(cfg.Pages*def.PageTokens, 200)
	}
	cfg.PageTokens, cfg.Secret, cfg.Vocab = def.PageTokens, def.Secret, def.Vocab
	if cfg.StepTokens == 0 {
		cfg.StepTokens, cfg.MaxRunning = def.StepTokens, def.MaxRunning
	}
	if cfg.EOS == nil {
		cfg.EOS = def.EOS
	}
}

// TestDraftsAreTheRequestsOwn, as an attacker would try it: tenant b's text ends, once its
// first token is generated, with a 4-gram that only tenant a's prompt continues (with a's
// secret). Every draft either request is fed must be exactly what lookup computes from that
// request's own prompt and outputs, so b is never fed (or shown, through its acceptance timing)
// a's continuation, even where a's text matches more of b's than b's own does.
func TestDraftsAreTheRequestsOwn(t *testing.T) {
	secret := []int32{41, 42, 43, 44, 45, 46, 47, 48}
	a := append([]int32{11, 12, 13, 14, 40}, secret...)
	b := []int32{5, 14, 40, 6, 7, 12, 13, 14} // the copying model answers 40: b ends 12 13 14 40
	cfg := Config{}
	fillTestConfig(&cfg)
	cfg.SpecTokens, cfg.Vocab = 8, 100
	n := newNode(t, cfg)
	n.e.copying = true
	ida := n.submit(t, epoch0, RequestSpec{Tenant: "a", Prompt: a, MaxTokens: 20, IgnoreEOS: true, Speculate: true})
	idb := n.submit(t, epoch0, RequestSpec{Tenant: "b", Prompt: b, MaxTokens: 20, IgnoreEOS: true, Speculate: true})
	drafts := map[kvtypes.RequestID]int{}
	for step := 0; !n.idle() && step < 1000; step++ {
		rd := n.step(t)
		for _, s := range rd.Batch {
			if s.Draft == 0 {
				continue
			}
			own := n.e.expect[s.Request][:s.Start+1] // its tokens when the step was planned
			want := lookupDraft(own, s.Draft, nil)
			if got := s.Tokens[1:]; !slices.Equal(got, want) {
				t.Fatalf("request %d was fed draft %v; its own tokens give %v", s.Request, got, want)
			}
			drafts[s.Request]++
			if s.Request == idb && slices.Contains(s.Tokens[1:], secret[0]) {
				t.Fatalf("b was fed a's continuation %v", s.Tokens)
			}
		}
	}
	if drafts[ida] == 0 || drafts[idb] == 0 {
		t.Fatalf("drafts by request %v: the test shows nothing unless both speculate", drafts)
	}
}

// TestSpeculationBacksOff: where every draft is rejected (a model drawing from its whole
// context, which lookup cannot predict), a request drafts in few of its decodes; and no request
// drafts while more than SpecMaxBatch requests run.
func TestSpeculationBacksOff(t *testing.T) {
	for _, tc := range []struct {
		name     string
		requests int
		most     int // draft steps allowed
	}{
		{"rejected drafts", 1, 16},
		{"busy batch", DefaultSpecMaxBatch + 1, 0},
	} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := Config{Pages: 256}
			fillTestConfig(&cfg)
			cfg.MaxContext, cfg.SpecTokens = 400, 4
			n := newNode(t, cfg)
			for i := range tc.requests {
				spec := repetitive(fmt.Sprint("t", i), i, 30, 300)
				spec.StopTokens, spec.IgnoreEOS = nil, true
				n.submit(t, epoch0, spec)
			}
			drafted := 0
			for step := 0; !n.idle() && step < 10000; step++ {
				batch := n.step(t).Batch
				for _, s := range batch {
					if s.Draft > 0 && (tc.requests == 1 || len(batch) > DefaultSpecMaxBatch) {
						drafted++
					}
				}
			}
			st := n.c.Stats()
			if drafted > tc.most || st.AcceptedTokens > st.DraftTokens/4 {
				t.Fatalf("%d steps drafted (want at most %d), %d of %d drafts accepted", drafted, tc.most, st.AcceptedTokens, st.DraftTokens)
			}
		})
	}
}

// TestEngineDraftsKeepOutputs: with drafts the engine fills (a draft model), answers are those of
// plain decoding whether the drafts are perfect (every one accepted) or garbage (a token outside
// the text: all rejected).
func TestEngineDraftsKeepOutputs(t *testing.T) {
	jobs := []job{{repetitive("a", 0, 25, 40), 0}, {repetitive("b", 3, 25, 40, 9, 7), 1}, {repetitive("a", 5, 17, 9), 2}}
	for _, tc := range []struct {
		name    string
		perfect bool
		unsure  bool // the model is never confident: nothing is drafted
	}{{"perfect", true, false}, {"garbage", false, false}, {"unsure model", true, true}} {
		t.Run(tc.name, func(t *testing.T) {
			cfg := Config{}
			fillTestConfig(&cfg)
			plain, _ := specRun(t, cfg, 0, jobs, nil)
			cfg.SpecEngineDrafts = true
			var n *node
			fill := func(s *Seq, want []int32) {
				toks := slices.Clone(want)
				for j := 1; j < len(s.Tokens); j++ {
					s.Tokens[j] = 29 // outside the prompts' alphabet
					if tc.perfect {
						s.Tokens[j] = n.e.fakeNext(toks)
					}
					toks = append(toks, s.Tokens[j])
				}
			}
			fast, n := specRun(t, cfg, 4, jobs, func(nn *node) { n, nn.e.fill, nn.e.unsure = nn, fill, tc.unsure })
			for i := range plain {
				if plain[i].String() != fast[i].String() {
					t.Errorf("job %d: engine drafts changed the outcome:\nplain %v\nspec  %v", i, plain[i], fast[i])
				}
			}
			st := n.c.Stats()
			if tc.unsure {
				if st.DraftTokens != 0 {
					t.Errorf("drafted %d after draws that were never confident", st.DraftTokens)
				}
				return
			}
			if st.DraftTokens == 0 || tc.perfect != (st.AcceptedTokens == st.DraftTokens) || !tc.perfect && st.AcceptedTokens != 0 {
				t.Errorf("drafted %d, accepted %d", st.DraftTokens, st.AcceptedTokens)
			}
		})
	}
}
