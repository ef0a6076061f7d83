package source

// The copy circuit of dummy specs with copy=true: random weights cannot quote their prompt, so
// speculative decoding, which pays where an answer repeats spans of its prompt, has nothing to
// find in them. A copy model plants in layers 0 and 1 the two-layer induction circuit that trained
// models learn for this: at every position, layer 0 writes the previous token's code; layer 1
// looks for an earlier position whose previous token is the current one and reads out the token
// that followed it there. Shapes, types and so file size and decode cost stay those of the spec;
// the engine knows nothing of it.
//
// The residual stream holds disjoint parts: C (dimension 0, 1 in every embedding), T (the token's
// ±1 code of copyLayout.width dimensions), P (the previous token's code, from layer 0) and N
// (the predicted next token's code, from layer 1), each in whole quantisation blocks.

import (
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"strconv"
	"strings"
)

const (
	// copyRopeBase is the RoPE base of copy models: the highest the engine reads, so that most of
	// a head's pairs barely turn over the context (layer 1 matches tokens whatever their
	// distance) while the first pairs still turn fast enough for layer 0 to find the previous one.
	copyRopeBase = 1e12
	copyHeadDim  = 64
	// prevPairs are the rotary pairs of layer 0's heads (the fastest); prevPairScore is each one's
	// share of the attention score at distance 1. The score falls by at least 0.566 of a pair's
	// share at any other distance up to 8,192 (pair 0 turns one radian a position): 18 below.
	prevPairs     = 8
	prevPairScore = 32.0
	// matchPair is the first rotary pair of layer 1's heads: from there on a pair turns at most
	// 3.2e-5 radians a position (0.26 over 8,192), so a match scores alike at any distance.
	matchPair = 12
	// matchScore is layer 1's attention score for an earlier position whose previous token is the
	// current one: 0.75 a matched dimension. Another token's scores spread with a standard
	// deviation of about 4.7 (the codes' chance agreement), so a match stands 6 of them clear.
	matchScore = 30.0
	// nextLevel is the magnitude of N's entries; copyLogit the predicted token's logit above a
	// random token's mean. A trained model quoting its prompt is sure of the next token: here the
	// copy takes about 90% of the probability at temperature 1 over 32,000 tokens (the others'
	// logits spread by copyLogit/√width), which clears a draft model's default bar
	// (--draft-min-prob 0.5). Where no earlier position matches, no token stands out: the
	// distribution is nearly flat, and a sampled answer copies only where a draw happens to repeat.
	nextLevel = 2.0
	copyLogit = 13.0
	// copyQuietStd is the spread of the later layers' output projections: they add noise of about
	// 0.25 a dimension to the residual, not 3 (at weightStd), so the copy signal stays clean.
	copyQuietStd = weightStd / 16
)

// copyLayout places the circuit in a spec's residual stream.
type copyLayout struct {
	dim, width int // residual width; code width: dimensions of T, P and N each
	heads      int // KV heads used in layers 0 and 1, one query head each: width/64
	group      int // query heads a KV head serves
	t, p, n    int // offsets of T, P and N (C is dimension 0)
}

// copyLayout checks that the circuit fits the spec and says where it goes. Codes take up to 512
// dimensions; below 256 the read-out of a 32,000-token vocabulary loses its margin.
func (s DummySpec) copyLayout() (copyLayout, error) {
	switch {
	case s.Dim/s.Heads != copyHeadDim:
		return copyLayout{}, fmt.Errorf("the copy circuit needs a head size of %d, not dim/heads=%d", copyHeadDim, s.Dim/s.Heads)
	case s.Layers < 2:
		return copyLayout{}, fmt.Errorf("the copy circuit needs 2 layers or more, not %d", s.Layers)
	case s.Tied:
		return copyLayout{}, fmt.Errorf("the copy circuit needs its own output matrix (tied=false)")
	case s.Pooling != "":
		return copyLayout{}, fmt.Errorf("an embedding model (pooling=%s) predicts no next token to copy", s.Pooling)
	}
	width := min(512, copyHeadDim*s.KVHeads, copyHeadDim*((s.Dim-copyHeadDim)/(3*copyHeadDim)))
	if width < 256 {
		return copyLayout{}, fmt.Errorf("the copy circuit needs codes of 256 dimensions or more: 4 KV heads and dim=832 at least (kv_heads=%d, dim=%d)", s.KVHeads, s.Dim)
	}
	t := copyHeadDim
	return copyLayout{dim: s.Dim, width: width, heads: width / copyHeadDim, group: s.Heads / s.KVHeads,
		t: t, p: t + width, n: t + 2*width}, nil
}

// ropeBase is llama.rope.freq_base.
func (s DummySpec) ropeBase() float32 {
	if s.Copy {
		return copyRopeBase
	}
	return 10000
}

// code writes token tok's ±1 code into dst (width long), drawn from the spec's seed.
func (s DummySpec) code(tok int, dst []float32) {
	rng := rand.New(rand.NewPCG(s.Seed^0xc0de, uint64(tok)))
	var bits uint64
	for i := range dst {
		if i%64 == 0 {
			bits = rng.Uint64()
		}
		dst[i] = float32(1 - 2*int(bits>>(i%64)&1))
	}
}

// copyFill streams tensor name of a copy model: the circuit's matrices, zero MLP outputs in
// layers 0 and 1, quiet output projections after them, the rest as random as without copy.
func (s DummySpec) copyFill(name string, shape []uint64) func(io.Writer) error {
	l, _ := s.copyLayout()
	switch name {
	case "token_embd.weight":
		return s.rowsFill(shape, func(tok int, row []float32) {
			row[0] = 1
			s.code(tok, row[l.t:l.t+l.width])
		})
	case "output.weight":
		scale := float32(copyLogit / (float64(l.width) * l.finalNext()))
		return s.rowsFill(shape, func(tok int, row []float32) {
			s.code(tok, row[l.n:l.n+l.width])
			for i := l.n; i < l.n+l.width; i++ {
				row[i] *= scale
			}
		})
	}
	layer, tensorName, ok := strings.Cut(strings.TrimPrefix(name, "blk."), ".")
	li, err := strconv.Atoi(layer)
	if !ok || err != nil || !strings.HasPrefix(name, "blk.") {
		return s.randomFill(name, shape, weightStd)
	}
	switch {
	case li < 2 && tensorName == "ffn_down.weight":
		return s.rowsFill(shape, func(int, []float32) {})
	case li < 2 && strings.HasPrefix(tensorName, "attn_"):
		return s.rowsFill(shape, l.attention(li, strings.TrimSuffix(strings.TrimPrefix(tensorName, "attn_"), ".weight")))
	case tensorName == "attn_output.weight" || tensorName == "ffn_down.weight":
		return s.randomFill(name, shape, copyQuietStd)
	}
	return s.randomFill(name, shape, weightStd)
}

// normed is the value a residual entry of 1 has after the RMS norm, when the residual holds C and
// parts codes of ±1 (and nothing else of note).
func (l copyLayout) normed(parts int) float64 {
	return math.Sqrt(float64(l.dim) / float64(1+parts*l.width))
}

// finalNext is an N entry after the output norm: the residual then holds C, T, P and N.
func (l copyLayout) finalNext() float64 {
	return nextLevel * math.Sqrt(float64(l.dim)/(1+float64(l.width)*(2+nextLevel*nextLevel)))
}

// attention returns the row filler of layer li's matrix q, k, v or output. Each used KV head g
// has one query head, g·group; the others' queries and outputs are zero, so they add nothing.
func (l copyLayout) attention(li int, matrix string) func(r int, row []float32) {
	headRow := func(r int) (g, k int, used bool) {
		g, k = r/copyHeadDim, r%copyHeadDim
		if matrix == "q" {
			if g%l.group != 0 {
				return 0, 0, false
			}
			g /= l.group
		}
		return g, k, g < l.heads
	}
	if li == 0 {
		return l.previousToken(matrix, headRow)
	}
	return l.induction(matrix, headRow)
}

// previousToken fills layer 0: query and key read C alone, in the fastest rotary pairs, the query
// turned back by one position's angle, so that the score, Σ cos((i-j-1)·θ), peaks where the key
// is the previous token; the value reads the token's code (a 64-dimension slice of T a head) and
// the output writes it into P.
func (l copyLayout) previousToken(matrix string, headRow func(int) (int, int, bool)) func(int, []float32) {
	x := l.normed(1)
	a := float32(math.Sqrt(prevPairScore*math.Sqrt(copyHeadDim)) / x) // q·k/√64 = prevPairScore a pair
	return func(r int, row []float32) {
		if matrix == "output" {
			if r >= l.p && r < l.p+l.width {
				g, k := (r-l.p)/copyHeadDim, (r-l.p)%copyHeadDim
				row[g*l.group*copyHeadDim+k] = float32(1 / x) // P = ±1
			}
			return
		}
		g, k, used := headRow(r)
		if !used {
			return
		}
		pair := k / 2
		switch theta := math.Pow(copyRopeBase, -2*float64(pair)/copyHeadDim); {
		case matrix == "v":
			row[l.t+g*copyHeadDim+k] = 1
		case pair >= prevPairs:
		case matrix == "k" && k%2 == 0:
			row[0] = a
		case matrix == "q" && k%2 == 0:
			row[0] = a * float32(math.Cos(theta))
		case matrix == "q":
			row[0] = -a * float32(math.Sin(theta))
		}
	}
}

// induction fills layer 1: the query reads the token's code and the key the previous token's (P),
// each in the slowly turning pairs, so a key scores matchScore where its previous token is the
// current one, whatever the distance; the value reads the key's own token's code and the output
// writes it into N, which the output matrix reads.
func (l copyLayout) induction(matrix string, headRow func(int) (int, int, bool)) func(int, []float32) {
	x := l.normed(2)
	matched := copyHeadDim - 2*matchPair
	qk := float32(math.Sqrt(matchScore/float64(matched)*math.Sqrt(copyHeadDim)) / x)
	return func(r int, row []float32) {
		if matrix == "output" {
			if r >= l.n && r < l.n+l.width {
				g, k := (r-l.n)/copyHeadDim, (r-l.n)%copyHeadDim
				row[g*l.group*copyHeadDim+k] = float32(nextLevel / x)
			}
			return
		}
		g, k, used := headRow(r)
		j := k - 2*matchPair
		switch {
		case !used:
		case matrix == "v":
			row[l.t+g*copyHeadDim+k] = 1
		case j < 0:
		case matrix == "q":
			row[l.t+g*copyHeadDim+j] = qk
		case matrix == "k":
			row[l.p+g*copyHeadDim+j] = qk
		}
	}
}
