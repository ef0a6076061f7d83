package transfer

import (
	"fmt"
	"math"

	"github.com/kvwarden/kvwarden/internal/kv"
)

// Fingerprint says which KV a node produces and accepts: two nodes may exchange pages only when
// their fingerprints are equal, since KV computed by other weights, or laid out in other pages,
// decodes into fluent nonsense rather than an error.
type Fingerprint struct {
	Arch       string   // general.architecture
	KVDType    string   // the KV pool's element type, its kv.Format's DType ("F16", "F32", "Q8_0")
	Weights    [32]byte // gguf.File.WeightsHash of the model file
	PageTokens uint32   // tokens per page
	TokenBytes uint32   // KV bytes of one token over all layers, K and V
}

// NewFingerprint describes a node serving a model of architecture arch whose file's WeightsHash is
// weights, with the KV pool cfg.
func NewFingerprint(arch string, weights [32]byte, cfg kv.Config) (Fingerprint, error) {
	if len(arch) > maxArch {
		return Fingerprint{}, fmt.Errorf("transfer: architecture name of %d bytes", len(arch))
	}
	f, err := kv.FormatOf(cfg.DType)
	if err != nil {
		return Fingerprint{}, err
	}
	tb, err := kv.BytesPerToken(cfg.Layers, cfg.KVHeads, cfg.HeadDim, cfg.DType)
	if err != nil {
		return Fingerprint{}, err
	}
	if cfg.PageTokens <= 0 || uint64(tb)*uint64(cfg.PageTokens)+frameHeaderBytes+pageHeaderBytes > MaxFrameBytes {
		return Fingerprint{}, fmt.Errorf("transfer: pages of %d tokens × %d bytes exceed the %d-byte frame", cfg.PageTokens, tb, MaxFrameBytes)
	}
	return Fingerprint{Arch: arch, KVDType: f.DType().String(), Weights: weights,
		PageTokens: uint32(cfg.PageTokens), TokenBytes: uint32(tb)}, nil
}

// Adapter is the LoRA adapter a request's KV is computed under: the SHA-256 of the adapter file
// (model.Adapter.Fingerprint) and the request's scale as float32 bits, zero for the base model.
// Every K and V of every layer depends on both, so a decode node accepts pages only when its
// reservation names the same adapter: KV made under another adapter's bytes decodes into fluent
// text of the wrong fine-tune, never an error.
type Adapter struct {
	Fingerprint [32]byte
	ScaleBits   uint32
}

// short is the adapter as an error names it: the fingerprint's first bytes, or "none".
func (a Adapter) short() string {
	if a == (Adapter{}) {
		return "none"
	}
	return fmt.Sprintf("%x/scale %g", a.Fingerprint[:6], math.Float32frombits(a.ScaleBits))
}
