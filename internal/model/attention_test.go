package model

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/tensor"
)

// TestTiledAttentionInvariance checks that a prompt several key blocks long (tensor.AttnKeyBlock)
// gives bit-identical logits alone in one step, chunked across block and tile boundaries beside
// another sequence, prefilled in part then decoded a token at a time (a recompute after
// preemption takes one of these paths), and over pages of another size, within each KV type:
// every query row takes the same online-softmax steps however its rows were tiled.
func TestTiledAttentionInvariance(t *testing.T) {
	rng := rand.New(rand.NewPCG(38, 1))
	prompt := make([]int32, 3*tensor.AttnKeyBlock+45)
	for i := range prompt {
		prompt[i] = int32(1 + rng.IntN(500))
	}
	other := prompt[:97]
	for _, tm := range testModels[:3] { // grouped-query attention of 2, 4 and 1 heads
		for _, kvt := range []tensor.DType{tensor.F32, tensor.F16, tensor.Q8_0} {
			t.Run(tm.name+"/"+kvt.String(), func(t *testing.T) {
				f := tm.open(t)
				if hd := load(t, f).HeadDim; hd%kvt.BlockElems() != 0 {
					t.Skipf("head dim %d: a %s cache refuses it", hd, kvt)
				}
				h := newHarness(t, f, kvt, 2)
				want := append([]float32(nil), h.step([]*seqState{h.newSeq(1)}, [][]int32{prompt})[0]...)
				runs := []struct {
					name   string
					chunks []int // chunk sizes, the last repeated to the end of the prompt
					pages  int   // page size, 0 for the harness's 16
				}{
					{"chunks of 37", []int{37}, 0},
					{"block and tile edges", []int{63, 1, 64, 65, 16, 17}, 0},
					{"prefill then decode", []int{tensor.AttnKeyBlock*2 - 3, 1}, 0},
					{"decode from the start", []int{1}, 0},
					{"pages of 48", []int{100}, 48},
					{"pages of 5", []int{29, 1}, 5},
				}
				for _, r := range runs {
					if testing.Short() && r.name != "block and tile edges" && r.name != "pages of 5" {
						// CI's arm64 run under qemu, where each run costs seconds: those two
						// chunk a prefill across every block and tile edge and decode a token at
						// a time across block edges over pages of an odd size, the paths the
						// others take in kind; the native run checks every run.
						continue
					}
					if r.pages != 0 {
						h.cache = testPool(t, h.m, kvt, r.pages)
					}
					h.next = 0
					s, o := h.newSeq(2), h.newSeq(3)
					var got []float32
					for off, i := 0, 0; off < len(prompt); i++ {
						end := min(len(prompt), off+r.chunks[min(i, len(r.chunks)-1)])
						// The other sequence rides along in the same steps, at a depth of its own.
						chunks := [][]int32{prompt[off:end], other[:1+i%7]}
						got = h.step([]*seqState{s, o}, chunks)[0]
						off = end
						if o.pos > 300 {
							o = h.newSeq(3)
						}
					}
					for i := range want {
						if math.Float32bits(want[i]) != math.Float32bits(got[i]) {
							t.Fatalf("%s: logit %d = %v in one step, %v", r.name, i, want[i], got[i])
						}
					}
				}
			})
		}
	}
}

// testPool is a pool like the harness's, with pages of pt tokens.
func testPool(t *testing.T, m *Model, dt tensor.DType, pt int) *kv.Pool {
	cache, err := kv.NewPool(kv.Config{Layers: m.Layers, KVHeads: m.KVHeads, HeadDim: m.HeadDim, PageTokens: pt, DType: dt, Pages: 256, Scrub: kv.ScrubPoison})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cache.Close() })
	return cache
}
