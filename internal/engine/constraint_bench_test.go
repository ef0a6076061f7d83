package engine

import (
	"context"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/grammar"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/tensor"
	"github.com/kvwarden/kvwarden/internal/testenv"
	"github.com/kvwarden/kvwarden/internal/testenv/testmodel"
)

const benchSchema = `{"type":"object","properties":{"name":{"type":"string"},"age":{"type":"integer"},
 "score":{"type":["number","null"]},"tags":{"type":"array","items":{"enum":["red","green","blue"]}},
 "address":{"type":"object","properties":{"city":{"type":"string"},"zip":{"type":"string"}},"required":["city","zip"]},
 "ok":{"type":"boolean"}},"required":["name","age","score","tags","address","ok"]}`

// BenchmarkConstraint sets the per-token cost of structured outputs against a decode step of the
// reference model (dummy:ref125m, vocabulary 32000): decode-step is the batch-1 forward pass;
// sample and sample-constrained draw a token at temperature 1 from its logits, without and with
// the constraint (mask, draw, advance), over whole documents whose states are already cached;
// mask-advance is the constraint's own work per token; first-document generates a new schema's first document, every state walked for the first time.
func BenchmarkConstraint(b *testing.B) {
	m, tok, _ := testmodel.Open(b, "dummy:ref125m")
	pool := tensor.NewPool(0)
	defer pool.Close()
	cache := newCache(b, m, tensor.F16)
	var pages []kvtypes.PageRef
	for i := kvtypes.PageID(0); i < 16; i++ {
		cache.Stamp(i, kvtypes.Header{Tenant: kvtypes.TenantKey{1}, Gen: 1, Written: true})
		pages = append(pages, kvtypes.PageRef{Page: i, Gen: 1})
	}
	ws := m.NewWorkspace(pool, 64, 1, 256)
	logits := make([]float32, m.Vocab)
	prompt := make([]int32, 64)
	for i := range prompt {
		prompt[i] = int32(100 + i)
	}
	seq := []model.Seq{{Tokens: prompt, Pages: pages, Tenant: kvtypes.TenantKey{1}, Logits: true}}
	if errs := m.Forward(pool, cache, ws, seq, logits); errs != nil {
		b.Fatal(errs)
	}
	seq[0].Tokens, seq[0].Pos = prompt[:1], 64
	b.Run("decode-step", func(b *testing.B) {
		for b.Loop() {
			m.Forward(pool, cache, ws, seq, logits)
		}
	})
	vocab := grammar.VocabOf(tok, m.Vocab)
	g, err := grammar.Compile([]byte(benchSchema))
	if err != nil {
		b.Fatal(err)
	}
	mt, err := grammar.NewMatcher(g, vocab)
	if err != nil {
		b.Fatal(err)
	}
	// The model's logits, shuffled each token so that draws wander over the vocabulary.
	rng := rand.New(rand.NewPCG(1, 2))
	run := func(b *testing.B, constrained bool) {
		s := sampler.New(sampler.Params{Temperature: 1, TopLogprobs: -1}, nil)
		var c *grammar.Constraint
		for b.Loop() {
			if constrained && (c == nil || c.Complete()) {
				c, _ = mt.NewConstraint(256)
				s = sampler.New(sampler.Params{Temperature: 1, Seed: rng.Uint64(), TopLogprobs: -1}, nil)
				s.SetConstraint(c)
			}
			i, j := rng.IntN(len(logits)), rng.IntN(len(logits))
			logits[i], logits[j] = logits[j], logits[i]
			s.Accept(s.Sample(logits).ID)
		}
	}
	// Warm the cache with a few documents, as a served schema's is after its first requests.
	for range 20 {
		c, _ := mt.NewConstraint(256)
		s := sampler.New(sampler.Params{Temperature: 1, Seed: rng.Uint64(), TopLogprobs: -1}, nil)
		s.SetConstraint(c)
		for !c.Complete() {
			s.Accept(s.Sample(logits).ID)
		}
	}
	b.Run("sample", func(b *testing.B) { run(b, false) })
	b.Run("sample-constrained", func(b *testing.B) { run(b, true) })
	b.Run("mask-advance", func(b *testing.B) { benchMaskAdvance(b, mt, len(logits), rng) })
	// A schema's first document, every state new: the walks dominate.
	b.Run("first-document", func(b *testing.B) { benchFirstDocument(b, g, vocab, logits, rng) })
}

// BenchmarkConstraintQwen is BenchmarkConstraint's constraint figures on Qwen2's vocabulary
// (151,936 tokens, from qwen2-tiny-random).
func BenchmarkConstraintQwen(b *testing.B) {
	m, tok := loadModel(b, "qwen2-tiny-random.gguf")
	vocab := grammar.VocabOf(tok, m.Vocab)
	g, err := grammar.Compile([]byte(benchSchema))
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	logits := make([]float32, m.Vocab)
	for i := range logits {
		logits[i] = rng.Float32() * 4
	}
	mt, err := grammar.NewMatcher(g, vocab)
	if err != nil {
		b.Fatal(err)
	}
	b.Run("mask-advance", func(b *testing.B) { benchMaskAdvance(b, mt, len(logits), rng) })
	b.Run("first-document", func(b *testing.B) { benchFirstDocument(b, g, vocab, logits, rng) })
}

// benchFirstDocument measures a schema's first document: a fresh matcher each time, so every state
// is walked for the first time.
func benchFirstDocument(b *testing.B, g *grammar.Grammar, vocab *grammar.Vocab, logits []float32, rng *rand.Rand) {
	tokens := 0
	for b.Loop() {
		mt, err := grammar.NewMatcher(g, vocab)
		if err != nil {
			b.Fatal(err)
		}
		c, _ := mt.NewConstraint(256)
		s := sampler.New(sampler.Params{Temperature: 1, Seed: rng.Uint64(), TopLogprobs: -1}, nil)
		s.SetConstraint(c)
		for !c.Complete() {
			s.Accept(s.Sample(logits).ID)
			tokens++
		}
	}
	b.ReportMetric(float64(b.Elapsed().Nanoseconds())/float64(tokens), "ns/token")
}

// benchMaskAdvance measures the constraint's own work per token: the allowed set, the mask the
// sampler builds from it, and the advance, without the draw. The first documents warm the cache.
func benchMaskAdvance(b *testing.B, mt *grammar.Matcher, vocab int, rng *rand.Rand) {
	mask := make([]float64, vocab)
	var c *grammar.Constraint
	step := func() {
		if c == nil || c.Complete() {
			c, _ = mt.NewConstraint(256)
		}
		for i := range mask {
			mask[i] = math.Inf(-1)
		}
		allowed := c.Allowed()
		for _, id := range allowed {
			mask[id] = 0
		}
		c.Advance(allowed[rng.IntN(len(allowed))])
	}
	for range 5000 {
		step()
	}
	for b.Loop() {
		step()
	}
}

// BenchmarkNeighbourUnderSchema measures another tenant's latency (an 8-token request) on Qwen's
// vocabulary (qwen2-tiny-random, 151,936 tokens, where the constraint's share of a step is
// largest: the model itself is tiny) when idle, and while an attacker keeps a request running
// under the worst schema the live-stack bound accepts (issue 19's nested anyOf at K=8, 64
// stacks inside every string), each on a fresh matcher, so that every state is walked anew.
func BenchmarkNeighbourUnderSchema(b *testing.B) {
	m, tok := loadModel(b, "qwen2-tiny-random.gguf")
	e, err := New(m, tok, Config{Threads: 2, KVDType: tensor.F32, KVMemBytes: 16 << 20, StepTokens: 64, MaxRunning: 16})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(e.Close)
	vocab := grammar.VocabOf(tok, m.Vocab)
	g, err := grammar.Compile([]byte(testenv.NestedAnyOf(8)))
	if err != nil {
		b.Fatal(err)
	}
	neighbour := Request{Spec: Spec{Tenant: "b", Prompt: []int32{1, 403, 407, 261}, MaxTokens: 8, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}}
	run := func(b *testing.B) {
		for b.Loop() {
			st, err := e.Submit(context.Background(), neighbour)
			if err != nil {
				b.Fatal(err)
			}
			for range st.Events() {
			}
		}
	}
	b.Run("idle", run)
	// attacker runs one request after another beside the neighbour's; constrained says whether
	// they follow the schema (each on a fresh matcher) or are plain draws at temperature 1, the
	// baseline any other tenant's sampling costs.
	attacker := func(constrained bool) func(b *testing.B) {
		return func(b *testing.B) {
			ctx, cancel := context.WithCancel(context.Background())
			done := make(chan struct{})
			go func() {
				defer close(done)
				for seed := uint64(0); ctx.Err() == nil; seed++ {
					r := Request{Spec: Spec{Tenant: "a", Prompt: []int32{1, 403}, MaxTokens: 512, IgnoreEOS: !constrained,
						Sampling: sampler.Params{Temperature: 1, Seed: seed, TopLogprobs: -1}, HasSeed: true}}
					if constrained {
						mt, err := grammar.NewMatcher(g, vocab)
						if err != nil {
							panic(err)
						}
						if r.Constraint, err = mt.NewConstraint(r.MaxTokens); err != nil {
							panic(err)
						}
					}
					st, err := e.Submit(ctx, r)
					if err != nil {
						return
					}
					for range st.Events() {
					}
				}
			}()
			time.Sleep(200 * time.Millisecond) // the attacker is running
			run(b)
			cancel()
			<-done
		}
	}
	b.Run("beside-plain-T1", attacker(false))
	b.Run("beside-worst-schema", attacker(true))
}
