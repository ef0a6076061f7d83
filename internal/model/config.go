// Package model implements the Llama-family transformer (llama, qwen2, qwen3 architectures) over
// weights mapped from a GGUF file. Its forward pass runs a batch of sequences, each feeding a chunk
// of prompt or one decoded token, and reads and writes keys and values only through page tables
// of the kv package, checking every page's owner header before reading it.
package model

import (
	"fmt"
	"math"

	"github.com/kvwarden/kvwarden/internal/gguf"
)

// RopeStyle is how RoPE pairs dimensions.
type RopeStyle int

const (
	RopeNorm RopeStyle = iota // adjacent pairs (x[2i], x[2i+1]): llama
	RopeNeox                  // halves (x[i], x[i+d/2]): qwen2, qwen3
)

// Config holds an architecture's hyper-parameters, read from GGUF metadata.
type Config struct {
	Arch       string
	Name       string
	Dim        int
	Layers     int
	Heads      int
	KVHeads    int
	HeadDim    int // per head, for queries and keys
	FFN        int
	Vocab      int
	Context    int // trained context length from the metadata
	RMSEps     float32
	RopeBase   float32
	RopeDim    int     // dimensions rotated per head
	RopeScale  float32 // linear frequency scale (1 = none)
	RopeStyle  RopeStyle
	QKVBias    bool
	QKNorm     bool
	TiedOutput bool
	Pooling    Pooling // embedding models only (ARCH.pooling_type); PoolNone for generative ones
}

// QDim is the width of all query heads together.
func (c *Config) QDim() int { return c.Heads * c.HeadDim }

// KVDim is the width of all key (or value) heads together.
func (c *Config) KVDim() int { return c.KVHeads * c.HeadDim }

type archInfo struct {
	rope    RopeStyle
	qkvBias bool
	qkNorm  bool
}

var architectures = map[string]archInfo{
	"llama": {rope: RopeNorm},
	"qwen2": {rope: RopeNeox, qkvBias: true},
	"qwen3": {rope: RopeNeox, qkNorm: true},
}

// limits beyond which a file is rejected as absurd rather than allocated for.
const (
	maxDim     = 1 << 16
	maxLayers  = 1024
	maxHeads   = 1024
	maxVocab   = 1 << 22
	maxContext = 1 << 24
)

// ReadConfig validates the hyper-parameters of a GGUF file and names the key at fault.
func ReadConfig(f *gguf.File) (Config, error) {
	var c Config
	arch, ok := f.String("general.architecture")
	if !ok {
		return c, fmt.Errorf("general.architecture: missing")
	}
	info, ok := architectures[arch]
	if !ok {
		return c, fmt.Errorf("general.architecture: %q is not supported (supported: llama, qwen2, qwen3)", arch)
	}
	c.Arch = arch
	c.Name, _ = f.String("general.name")
	c.RopeStyle, c.QKVBias, c.QKNorm = info.rope, info.qkvBias, info.qkNorm
	k := archKeys{f, arch}
	if err := c.readShape(k); err != nil {
		return c, err
	}
	if err := c.readNormRope(k); err != nil {
		return c, err
	}
	if err := c.readPooling(k); err != nil {
		return c, err
	}
	toks, ok := f.Strings("tokenizer.ggml.tokens")
	if !ok {
		return c, fmt.Errorf("tokenizer.ggml.tokens: missing")
	}
	c.Vocab = len(toks)
	if c.Vocab < 1 || c.Vocab > maxVocab {
		return c, fmt.Errorf("tokenizer.ggml.tokens: %d tokens is outside [1, %d]", c.Vocab, maxVocab)
	}
	return c, nil
}

// archKeys reads the keys of one architecture (ARCH.KEY), naming the key at fault.
type archKeys struct {
	f    *gguf.File
	arch string
}

// uint reads a non-negative integer within [lo, hi]; def stands in for a missing optional key.
func (k archKeys) uint(key string, required bool, def, lo, hi uint64) (int, error) {
	full := k.arch + "." + key
	v, ok := k.f.Uint(full)
	if !ok {
		if k.f.Has(full) {
			return 0, fmt.Errorf("%s: not a non-negative integer", full)
		}
		if required {
			return 0, fmt.Errorf("%s: missing", full)
		}
		v = def
	}
	if v < lo || v > hi {
		return 0, fmt.Errorf("%s: %d is outside [%d, %d]", full, v, lo, hi)
	}
	return int(v), nil
}

// float reads a float within [lo, hi]; def stands in for a missing key.
func (k archKeys) float(key string, def float64, lo, hi float64) (float32, error) {
	full := k.arch + "." + key
	v, ok := k.f.Float(full)
	if !ok {
		if k.f.Has(full) {
			return 0, fmt.Errorf("%s: not a float", full)
		}
		v = def
	}
	if math.IsNaN(v) || v < lo || v > hi {
		return 0, fmt.Errorf("%s: %g is outside [%g, %g]", full, v, lo, hi)
	}
	return float32(v), nil
}

// readShape reads the sizes: width, depth, heads and their dimensions, context.
func (c *Config) readShape(k archKeys) error {
	arch := k.arch
	var err error
	if c.Dim, err = k.uint("embedding_length", true, 0, 1, maxDim); err != nil {
		return err
	}
	if c.Layers, err = k.uint("block_count", true, 0, 1, maxLayers); err != nil {
		return err
	}
	if c.FFN, err = k.uint("feed_forward_length", true, 0, 1, 1<<20); err != nil {
		return err
	}
	if c.Heads, err = k.uint("attention.head_count", true, 0, 1, maxHeads); err != nil {
		return err
	}
	if c.KVHeads, err = k.uint("attention.head_count_kv", false, uint64(c.Heads), 1, maxHeads); err != nil {
		return err
	}
	if c.Heads%c.KVHeads != 0 {
		return fmt.Errorf("%s.attention.head_count_kv: %d does not divide head_count %d", arch, c.KVHeads, c.Heads)
	}
	defHead := uint64(c.Dim / c.Heads)
	if c.HeadDim, err = k.uint("attention.key_length", false, defHead, 1, maxDim); err != nil {
		return err
	}
	if vl, err := k.uint("attention.value_length", false, uint64(c.HeadDim), 1, maxDim); err != nil {
		return err
	} else if vl != c.HeadDim {
		return fmt.Errorf("%s.attention.value_length: %d differs from key_length %d (not supported)", arch, vl, c.HeadDim)
	}
	if c.HeadDim%2 != 0 {
		return fmt.Errorf("%s: head dimension %d is odd; RoPE needs pairs", arch, c.HeadDim)
	}
	if c.RopeDim, err = k.uint("rope.dimension_count", false, uint64(c.HeadDim), 2, uint64(c.HeadDim)); err != nil {
		return err
	}
	if c.RopeDim%2 != 0 {
		return fmt.Errorf("%s.rope.dimension_count: %d is odd", arch, c.RopeDim)
	}
	c.Context, err = k.uint("context_length", false, 2048, 1, maxContext)
	return err
}

// readNormRope reads the norm epsilon and the rotary embedding's base and scaling.
func (c *Config) readNormRope(k archKeys) error {
	var err error
	if c.RMSEps, err = k.float("attention.layer_norm_rms_epsilon", 1e-5, 1e-12, 1e-1); err != nil {
		return err
	}
	if c.RopeBase, err = k.float("rope.freq_base", 10000, 1, 1e12); err != nil {
		return err
	}
	c.RopeScale = 1
	st, ok := k.f.String(k.arch + ".rope.scaling.type")
	switch {
	case !ok || st == "none":
	case st == "linear":
		factor, err := k.float("rope.scaling.factor", 1, 1e-3, 1e6)
		if err != nil {
			return err
		}
		c.RopeScale = 1 / factor
	default:
		return fmt.Errorf("%s.rope.scaling.type: %q is not supported (none and linear are; llama3-style factors come from rope_freqs.weight)", k.arch, st)
	}
	return nil
}
