package model

import (
	"fmt"
	"math"

	"github.com/kvwarden/kvwarden/internal/tensor"
)

// Pooling is how an embedding model turns a sequence's final hidden states into one vector, as
// the GGUF key ARCH.pooling_type says (llama.cpp's enum). A file without the key is generative.
type Pooling int

const (
	PoolNone Pooling = 0 // generative: no embeddings
	PoolMean Pooling = 1 // the mean over every position
	PoolCLS  Pooling = 2 // the first position (not supported)
	PoolLast Pooling = 3 // the last position (Qwen3-Embedding)
	PoolRank Pooling = 4 // a reranker's classification head (not supported)
)

func (p Pooling) String() string {
	switch p {
	case PoolNone:
		return "none"
	case PoolMean:
		return "mean"
	case PoolCLS:
		return "cls"
	case PoolLast:
		return "last"
	case PoolRank:
		return "rank"
	}
	return fmt.Sprintf("pooling(%d)", int(p))
}

// readPooling reads ARCH.pooling_type; an absent key is PoolNone.
func (c *Config) readPooling(k archKeys) error {
	v, err := k.uint("pooling_type", false, uint64(PoolNone), 0, uint64(PoolRank))
	if err != nil {
		return err
	}
	c.Pooling = Pooling(v)
	return nil
}

// Normalize scales v to unit L2 norm in place (computed in float64); a zero vector stays zero.
func Normalize(v []float32) {
	var ss float64
	for _, x := range v {
		ss += float64(float64(x) * float64(x)) // rounded alone: no FMA on any architecture
	}
	if ss == 0 {
		return
	}
	inv := 1 / math.Sqrt(ss)
	for i, x := range v {
		v[i] = float32(float64(x) * inv)
	}
}

// poolHidden writes a sequence's pooled hidden states (after the output norm) into s.Hidden: the
// chunk's last row, or with HiddenSum the sum of its rows added to what s.Hidden holds, so a
// prompt fed in several chunks sums to the whole. first is the sequence's first row in x.
func (m *Model) poolHidden(ws *Workspace, s *Seq, x []float32, first int) {
	d := m.Dim
	if !s.HiddenSum {
		r := first + len(s.Tokens) - 1
		tensor.RMSNorm(s.Hidden, x[r*d:(r+1)*d], m.OutNorm, m.RMSEps)
		return
	}
	for r := first; r < first+len(s.Tokens); r++ {
		tensor.RMSNorm(ws.pooled, x[r*d:(r+1)*d], m.OutNorm, m.RMSEps)
		addTo(s.Hidden, ws.pooled)
	}
}
