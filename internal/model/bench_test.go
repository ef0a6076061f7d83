package model

import (
	"flag"
	"math/rand/v2"
	"strconv"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/tensor"
)

var benchKernels = flag.String("model.kernels", "", "tensor kernel implementation for benchmarks (default: best available)")

// benchModel loads the reference benchmark model (dummy:ref125m, written once to the user's cache)
// and selects the -model.kernels kernels for the benchmark.
func benchModel(b *testing.B) *Model { return benchLoad(b, "dummy:ref125m") }

// benchLoad loads the model of spec (generated once into the user's cache) and selects the
// -model.kernels kernels for the benchmark.
func benchLoad(b *testing.B, spec string) *Model {
	if *benchKernels != "" {
		_, active := tensor.Kernels()
		if err := tensor.SetKernels(*benchKernels); err != nil {
			b.Fatal(err)
		}
		b.Cleanup(func() { tensor.SetKernels(active) })
	}
	return load(b, generated(b, spec, ""))
}

// benchRig is benchLoad's model with a KV pool of pages pages and a workspace for rows rows.
func benchRig(b *testing.B, spec string, pages, rows, context int) (*Model, *tensor.Pool, *kv.Pool, []kvtypes.PageRef, *Workspace) {
	m := benchLoad(b, spec)
	pool := tensor.NewPool(0)
	b.Cleanup(pool.Close)
	cache, refs := benchPool(b, m, pages)
	return m, pool, cache, refs, m.NewWorkspace(pool, rows, 1, context)
}

// benchPool is an F16 KV pool of n pages stamped for one tenant, and their page table.
func benchPool(b *testing.B, m *Model, n int) (*kv.Pool, []kvtypes.PageRef) {
	return benchPoolOf(b, m, n, tensor.F16)
}

// benchPoolOf is benchPool with elements of type dt.
func benchPoolOf(b *testing.B, m *Model, n int, dt tensor.DType) (*kv.Pool, []kvtypes.PageRef) {
	cache, err := kv.NewPool(kv.Config{Layers: m.Layers, KVHeads: m.KVHeads, HeadDim: m.HeadDim, PageTokens: 16, DType: dt, Pages: n})
	if err != nil {
		b.Fatal(err)
	}
	b.Cleanup(func() { cache.Close() })
	var pages []kvtypes.PageRef
	for i := kvtypes.PageID(0); i < kvtypes.PageID(n); i++ {
		cache.Stamp(i, kvtypes.Header{Tenant: kvtypes.TenantKey{1}, Gen: 1, Written: true})
		pages = append(pages, kvtypes.PageRef{Page: i, Gen: 1})
	}
	return cache, pages
}

// BenchmarkDecodeStep measures one batch-1 decode step of the reference model at position 64:
// the forward pass alone, without scheduling or sampling. It must not allocate.
func BenchmarkDecodeStep(b *testing.B) { benchDecodeStep(b, "dummy:ref125m") }

// BenchmarkDecodeStepTypes is BenchmarkDecodeStep with the reference model's weights in the
// float and K-quant types (llama.cpp's F16 and Q4_K_M comparisons).
func BenchmarkDecodeStepTypes(b *testing.B) {
	for _, dt := range benchTypes {
		b.Run(dt, func(b *testing.B) { benchDecodeStep(b, "dummy:ref125m,type="+dt) })
	}
}

var benchTypes = []string{"f16", "bf16", "q4_k", "q6_k"}

func benchDecodeStep(b *testing.B, spec string) {
	m, pool, cache, pages, ws := benchRig(b, spec, 16, 64, 256)
	logits := make([]float32, m.Vocab)
	prompt := make([]int32, 64)
	for i := range prompt {
		prompt[i] = int32(100 + i)
	}
	seq := []Seq{{Tokens: prompt, Pos: 0, Pages: pages, Tenant: kvtypes.TenantKey{1}, Logits: true}}
	if errs := m.Forward(pool, cache, ws, seq, logits); errs != nil {
		b.Fatal(errs)
	}
	seq[0].Tokens, seq[0].Pos = prompt[:1], 64
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		if errs := m.Forward(pool, cache, ws, seq, logits); errs != nil {
			b.Fatal(errs)
		}
	}
}

// BenchmarkDecodeStep8 measures one decode step of 8 sequences (one token each, at position 64,
// each with its own pages): the batched decode that reads each weight once for 8 tokens.
// Compare its tokens/s with BenchmarkDecodeStep's. It must not allocate.
func BenchmarkDecodeStep8(b *testing.B) { benchDecodeStep8(b, "dummy:ref125m") }

// BenchmarkDecodeStep8Types is BenchmarkDecodeStep8 with the weights of BenchmarkDecodeStepTypes.
func BenchmarkDecodeStep8Types(b *testing.B) {
	for _, dt := range benchTypes {
		b.Run(dt, func(b *testing.B) { benchDecodeStep8(b, "dummy:ref125m,type="+dt) })
	}
}

func benchDecodeStep8(b *testing.B, spec string) { benchDecodeStep8With(b, spec, noAdapter) }

// benchDecodeStep8With is benchDecodeStep8, with each sequence under an adapter of its own held
// as ad says.
func benchDecodeStep8With(b *testing.B, spec string, ad benchAdapterKind) {
	const batch = 8
	step, seqs := decodeStep8Rig(b, spec, ad)
	b.ReportAllocs()
	b.ResetTimer()
	cpu0 := cpuTime()
	for b.Loop() {
		step(seqs)
	}
	b.ReportMetric(float64(batch*b.N)/b.Elapsed().Seconds(), "tokens/s")
	// With -cpu 1 (one thread, no spinning workers) this is the step's work alone.
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

// decodeStep8Rig is 8 sequences of the model of spec after a 64-token prompt each, each under
// an adapter of its own held as ad says, ready to decode at position 64 (a step rewrites the same
// position), and step, which runs a decode step of a copy of them.
func decodeStep8Rig(b *testing.B, spec string, ad benchAdapterKind) (step func([]Seq), seqs []Seq) {
	const batch = 8
	m, pool, cache, pages, _ := benchRig(b, spec, 16*batch, 1, 256)
	ws := m.NewWorkspace(pool, 64*batch, batch, 256)
	logits := make([]float32, batch*m.Vocab)
	seqs = make([]Seq, batch)
	for s := range seqs {
		prompt := make([]int32, 64)
		for i := range prompt {
			prompt[i] = int32(100 + 13*s + i)
		}
		seqs[s] = Seq{Tokens: prompt, Pages: pages[16*s : 16*(s+1)], Tenant: kvtypes.TenantKey{1}, Logits: true}
	}
	if ad != noAdapter {
		for s, a := range benchAdapters(b, m, batch, ad == halfAdapter) {
			seqs[s].Adapter, seqs[s].AdapterScale = a, 1
		}
	}
	step = func(seqs []Seq) {
		if errs := m.Forward(pool, cache, ws, seqs, logits); errs != nil {
			b.Fatal(errs)
		}
	}
	step(seqs)
	for s := range seqs {
		seqs[s].Tokens, seqs[s].Pos = seqs[s].Tokens[:1], 64
	}
	// A decode step before the timer: the first with adapters allocates the workspace's
	// buffer of deltas (prepareLoRA), and the timed steps rewrite the same position.
	step(seqs)
	return step, seqs
}

// BenchmarkDecodeStep8AdapterCost is #36's decode cost as a ratio measured pair by pair: each
// iteration runs the step of 8 sequences under 8 adapters and the same step without them, in
// alternating order, so that a machine whose speed drifts (a shared VM) slows both alike;
// adapter-ms/base-ms is the cost (#36: at most 1.3).
func BenchmarkDecodeStep8AdapterCost(b *testing.B) {
	for _, r := range benchAdapterRuns[1:] {
		b.Run(r.name, func(b *testing.B) {
			step, adapted := decodeStep8Rig(b, "dummy:ref125m", r.kind)
			base := append([]Seq(nil), adapted...)
			for s := range base {
				base[s].Adapter, base[s].AdapterScale = nil, 0
			}
			step(base)
			var tBase, tAdapted time.Duration
			timed := func(seqs []Seq, d *time.Duration) {
				t0 := time.Now()
				step(seqs)
				*d += time.Since(t0)
			}
			i := 0
			for b.Loop() {
				if i++; i%2 == 0 {
					timed(base, &tBase)
					timed(adapted, &tAdapted)
				} else {
					timed(adapted, &tAdapted)
					timed(base, &tBase)
				}
			}
			b.ReportMetric(tBase.Seconds()*1e3/float64(b.N), "base-ms")
			b.ReportMetric(tAdapted.Seconds()*1e3/float64(b.N), "adapter-ms")
			b.ReportMetric(float64(tAdapted)/float64(tBase), "ratio")
		})
	}
}

// BenchmarkPrefill512 measures processing one 512-token prompt of the reference model in one step.
func BenchmarkPrefill512(b *testing.B) { benchPrefill512(b, "dummy:ref125m") }

// BenchmarkPrefill512Types is BenchmarkPrefill512 with the weights of BenchmarkDecodeStepTypes.
func BenchmarkPrefill512Types(b *testing.B) {
	for _, dt := range benchTypes {
		b.Run(dt, func(b *testing.B) { benchPrefill512(b, "dummy:ref125m,type="+dt) })
	}
}

func benchPrefill512(b *testing.B, spec string) { benchPrefill512With(b, spec, noAdapter) }

// benchPrefill512With is benchPrefill512, under an adapter held as ad says.
func benchPrefill512With(b *testing.B, spec string, ad benchAdapterKind) {
	m, pool, cache, pages, ws := benchRig(b, spec, 32, 512, 512)
	logits := make([]float32, m.Vocab)
	prompt := make([]int32, 512)
	for i := range prompt {
		prompt[i] = int32(100 + i*7%30000)
	}
	seq := []Seq{{Tokens: prompt, Pos: 0, Pages: pages, Tenant: kvtypes.TenantKey{1}, Logits: true}}
	if ad != noAdapter {
		seq[0].Adapter, seq[0].AdapterScale = benchAdapters(b, m, 1, ad == halfAdapter)[0], 1
	}
	b.ReportAllocs()
	cpu0 := cpuTime()
	for b.Loop() {
		if errs := m.Forward(pool, cache, ws, seq, logits); errs != nil {
			b.Fatal(errs)
		}
	}
	b.ReportMetric(float64(512*b.N)/b.Elapsed().Seconds(), "tokens/s")
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkCheckPages measures the isolation check of one sequence's page table per step: 128 pages
// (a 2048-token context), every header compared with the reader's identity.
func BenchmarkCheckPages(b *testing.B) {
	m := benchModel(b)
	cache, pages := benchPool(b, m, 128)
	seq := &Seq{Tokens: []int32{1}, Pos: 128*16 - 1, Pages: pages, Tenant: kvtypes.TenantKey{1}}
	for b.Loop() {
		if err := m.CheckPages(cache, seq); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkDecodeAtDepth measures one batch-1 decode step of the reference model after depth
// tokens of context. The cache is filled with random keys and values instead of a prefill: the cost
// of attention does not depend on their values, and a 4,096-token prefill would dominate the run.
func BenchmarkDecodeAtDepth(b *testing.B) {
	for _, depth := range []int{0, 660, 4096} {
		b.Run(strconv.Itoa(depth), func(b *testing.B) {
			const pt = 16
			pages := (depth + pt) / pt
			m, pool, cache, refs, ws := benchRig(b, "dummy:ref125m", pages, 1, depth+1)
			fillKV(cache, refs, m.HeadDim, rand.New(rand.NewPCG(1, uint64(depth))))
			logits := make([]float32, m.Vocab)
			seq := []Seq{{Tokens: []int32{100}, Pos: depth, Pages: refs, Tenant: kvtypes.TenantKey{1}, Logits: true}}
			b.ReportAllocs()
			cpu0 := cpuTime()
			for b.Loop() {
				if errs := m.Forward(pool, cache, ws, seq, logits); errs != nil {
					b.Fatal(errs)
				}
			}
			b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "tokens/s")
			// With -cpu 1 (one thread, no spinning workers) this is the step's work alone.
			if cpu := cpuTime() - cpu0; cpu > 0 {
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
		})
	}
}

// benchAdapterKind is how the benchmarks' adapters are held: none, float32 (an F32 file) or
// halves (an F16 file, what llama.cpp's converter writes by default).
type benchAdapterKind int

const (
	noAdapter benchAdapterKind = iota
	floatAdapter
	halfAdapter
)

// benchAdapterRuns are the sub-benchmarks comparing a step without adapters and with them.
var benchAdapterRuns = []struct {
	name string
	kind benchAdapterKind
}{{"base", noAdapter}, {"f32", floatAdapter}, {"f16", halfAdapter}}

// benchAdapters are n rank-16 adapters of m on all seven projections, as #36's cost targets
// state them (alpha 16, so the scale is 1), from F16 files when half.
func benchAdapters(b *testing.B, m *Model, n int, half bool) []*Adapter {
	as := make([]*Adapter, n)
	for i := range as {
		f := newAdapterFile(m, 16, 16, uint64(100+i), 0.02)
		if half {
			f.inHalves()
		}
		a, err := ParseAdapter(f.bytes(b), m)
		if err != nil {
			b.Fatal(err)
		}
		as[i] = a
	}
	return as
}

// BenchmarkDecodeStep8Adapters is BenchmarkDecodeStep8 with each of the 8 sequences under its
// own rank-16 adapter on all seven projections (F32 and F16 files), beside the same step
// without adapters: the base matrices are read once for the batch, each sequence adds its own
// low-rank delta.
func BenchmarkDecodeStep8Adapters(b *testing.B) {
	for _, r := range benchAdapterRuns {
		b.Run(r.name, func(b *testing.B) { benchDecodeStep8With(b, "dummy:ref125m", r.kind) })
	}
}

// BenchmarkPrefill512Adapter is BenchmarkPrefill512 under one rank-16 adapter on all seven
// projections (an F32 and an F16 file), beside the same prompt without.
func BenchmarkPrefill512Adapter(b *testing.B) {
	for _, r := range benchAdapterRuns {
		b.Run(r.name, func(b *testing.B) { benchPrefill512With(b, "dummy:ref125m", r.kind) })
	}
}

// BenchmarkVerifyStep measures a speculative decode's verification step at depth 660: the last
// token and k drafts in one chunk with the logits of every position, beside k = 0 (a plain
// decode step). Its cost over the plain step's is what a step's accepted drafts must pay for. On
// the 125M model and on the 1.1B one, which is past the L3 cache (-bench 'VerifyStep/ref1b').
func BenchmarkVerifyStep(b *testing.B) {
	for _, name := range []string{"ref125m", "ref1b"} {
		for _, k := range []int{0, 1, 2, 4, 8, 16} {
			b.Run(name+"/drafts="+strconv.Itoa(k), func(b *testing.B) { benchVerifyStep(b, "dummy:"+name, k) })
		}
	}
}

func benchVerifyStep(b *testing.B, spec string, k int) {
	const depth = 660
	m := benchLoad(b, spec)
	pool := tensor.NewPool(0)
	b.Cleanup(pool.Close)
	cache, refs := benchPool(b, m, (depth+k+16)/16)
	ws := m.NewWorkspace(pool, k+1, k+1, depth+k+1)
	toks := make([]int32, k+1)
	for i := range toks {
		toks[i] = int32(100 + i)
	}
	logits := make([]float32, (k+1)*m.Vocab)
	seq := []Seq{{Tokens: toks, Pos: depth, Pages: refs, Tenant: kvtypes.TenantKey{1}, Logits: true, AllLogits: true}}
	cpu0 := cpuTime()
	for b.Loop() {
		if errs := m.Forward(pool, cache, ws, seq, logits); errs != nil {
			b.Fatal(errs)
		}
	}
	// With -cpu 1 (one thread, no spinning workers) this is the step's work alone.
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}

// BenchmarkPrefillLong measures a long prompt of the reference model prefilled as the engine
// does, in steps of core.DefaultStepTokens (512) tokens, each step's attention reading every
// earlier position: where attention, not the weights, sets the pace (F16 KV cache).
func BenchmarkPrefillLong(b *testing.B) {
	for _, n := range []int{2048, 8192} {
		b.Run(strconv.Itoa(n), func(b *testing.B) {
			const step = 512
			m, pool, cache, pages, ws := benchRig(b, "dummy:ref125m", n/16, step, n)
			logits := make([]float32, m.Vocab)
			prompt := make([]int32, n)
			for i := range prompt {
				prompt[i] = int32(100 + i*7%30000)
			}
			b.ReportAllocs()
			cpu0 := cpuTime()
			for b.Loop() {
				for pos := 0; pos < n; pos += step {
					seq := []Seq{{Tokens: prompt[pos : pos+step], Pos: pos, Pages: pages, Tenant: kvtypes.TenantKey{1}, Logits: pos+step == n}}
					if errs := m.Forward(pool, cache, ws, seq, logits); errs != nil {
						b.Fatal(errs)
					}
				}
			}
			b.ReportMetric(float64(n*b.N)/b.Elapsed().Seconds(), "tokens/s")
			if cpu := cpuTime() - cpu0; cpu > 0 {
				b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
			}
		})
	}
}

// BenchmarkAttentionChunk measures the attention alone of one layer for the last 512-token step
// of a prompt of depth tokens (the cache, F16 or q8_0, filled with random keys and values): the
// work that grows with the prompt. With -cpu 1 the cpu-ns/op figure is the step's work alone, and
// cpu-GFLOP/s its multiplies and adds (4·hd per query head and key seen) per CPU second.
func BenchmarkAttentionChunk(b *testing.B) {
	for _, dt := range []tensor.DType{tensor.F16, tensor.Q8_0} {
		for _, depth := range []int{2048, 8192, 32768} {
			b.Run(dt.String()+"/"+strconv.Itoa(depth), func(b *testing.B) { benchAttentionChunk(b, dt, depth) })
		}
	}
}

func benchAttentionChunk(b *testing.B, dt tensor.DType, depth int) {
	const step = 512
	m := benchModel(b)
	pool := tensor.NewPool(0)
	b.Cleanup(pool.Close)
	cache, refs := benchPoolOf(b, m, depth/16, dt)
	ws := m.NewWorkspace(pool, step, 1, depth)
	fillKV(cache, refs, m.HeadDim, rand.New(rand.NewPCG(2, uint64(depth))))
	prompt := make([]int32, step)
	for i := range prompt {
		prompt[i] = int32(100 + i*7%30000)
	}
	// One step lays out the rows and leaves the last layer's queries in the workspace.
	seq := []Seq{{Tokens: prompt, Pos: depth - step, Pages: refs, Tenant: kvtypes.TenantKey{1}}}
	if errs := m.Forward(pool, cache, ws, seq, nil); errs != nil {
		b.Fatal(errs)
	}
	b.ReportAllocs()
	cpu0 := cpuTime()
	for b.Loop() {
		m.attention(pool, cache, ws, seq, m.Layers-1, step)
	}
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
		keys := float64(step)*float64(depth-step) + float64(step)*float64(step+1)/2
		b.ReportMetric(keys*float64(4*m.Heads*m.HeadDim*b.N)/float64(cpu.Nanoseconds()), "cpu-GFLOP/s")
	}
}

// fillKV stores random vectors (normal, hd floats each) in every slot of the pages refs name,
// through the cache's own format: a context of that depth as attention reads it.
func fillKV(cache *kv.Pool, refs []kvtypes.PageRef, hd int, rng *rand.Rand) {
	vec, vb := make([]float32, hd), cache.VecBytes()
	for _, r := range refs {
		d := cache.Data(r.Page)
		for o := 0; o < len(d); o += vb {
			for i := range vec {
				vec[i] = float32(rng.NormFloat64())
			}
			cache.Format().Store(d[o:o+vb], vec)
		}
	}
}

// BenchmarkDecodeAtDepthKV measures one decode step of the 1.1B model (past the L3 cache) for 1
// and 8 sequences, each after 4,096 tokens of context, with an F16 and a q8_0 KV cache: #38's
// "decode after 4,096 tokens" comparison. At batch 1 the weights' bytes dominate the step; at
// batch 8 the contexts' keys and values outweigh them, which is where the q8_0 cache's half-size
// pages pay. The cache is filled with random keys and values, as BenchmarkDecodeAtDepth's.
func BenchmarkDecodeAtDepthKV(b *testing.B) {
	for _, batch := range []int{1, 8} {
		for _, dt := range []tensor.DType{tensor.F16, tensor.Q8_0} {
			b.Run("batch="+strconv.Itoa(batch)+"/kv="+dt.String(), func(b *testing.B) {
				benchDecodeAtDepthKV(b, "dummy:ref1b", batch, 4096, dt)
			})
		}
	}
}

func benchDecodeAtDepthKV(b *testing.B, spec string, batch, depth int, dt tensor.DType) {
	const pt = 16
	m := benchLoad(b, spec)
	pool := tensor.NewPool(0)
	b.Cleanup(pool.Close)
	perSeq := (depth + pt) / pt
	cache, refs := benchPoolOf(b, m, perSeq*batch, dt)
	fillKV(cache, refs, m.HeadDim, rand.New(rand.NewPCG(1, uint64(depth))))
	ws := m.NewWorkspace(pool, batch, batch, depth+1)
	logits := make([]float32, batch*m.Vocab)
	seqs := make([]Seq, batch)
	for s := range seqs {
		seqs[s] = Seq{Tokens: []int32{int32(100 + s)}, Pos: depth, Pages: refs[perSeq*s : perSeq*(s+1)], Tenant: kvtypes.TenantKey{1}, Logits: true}
	}
	cpu0 := cpuTime()
	for b.Loop() {
		if errs := m.Forward(pool, cache, ws, seqs, logits); errs != nil {
			b.Fatal(errs)
		}
	}
	b.ReportMetric(float64(batch*b.N)/b.Elapsed().Seconds(), "tokens/s")
	if cpu := cpuTime() - cpu0; cpu > 0 {
		b.ReportMetric(float64(cpu.Nanoseconds())/float64(b.N), "cpu-ns/op")
	}
}
