package transfer

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"hash"

	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/tensor"
)

// Fingerprint says which KV a node produces and accepts: two nodes may exchange pages only when
// their fingerprints are equal, since KV computed by other weights, or laid out in other pages,
// decodes into fluent nonsense rather than an error.
type Fingerprint struct {
	Arch       string   // general.architecture
	KVDType    string   // the KV pool's element type ("F16", "F32")
	Weights    [32]byte // WeightsHash of the model file
	PageTokens uint32   // tokens per page
	TokenBytes uint32   // KV bytes of one token over all layers, K and V
}

// NewFingerprint describes a node serving the model f with the KV pool cfg.
func NewFingerprint(f *gguf.File, cfg kv.Config) (Fingerprint, error) {
	arch, _ := f.String("general.architecture")
	if len(arch) > maxArch {
		return Fingerprint{}, fmt.Errorf("transfer: architecture name of %d bytes", len(arch))
	}
	tb, err := kv.BytesPerToken(cfg.Layers, cfg.KVHeads, cfg.HeadDim, cfg.DType)
	if err != nil {
		return Fingerprint{}, err
	}
	if cfg.PageTokens <= 0 || uint64(tb)*uint64(cfg.PageTokens)+frameHeaderBytes+pageHeaderBytes > MaxFrameBytes {
		return Fingerprint{}, fmt.Errorf("transfer: pages of %d tokens × %d bytes exceed the %d-byte frame", cfg.PageTokens, tb, MaxFrameBytes)
	}
	return Fingerprint{Arch: arch, KVDType: dtypeName(cfg.DType), Weights: WeightsHash(f),
		PageTokens: uint32(cfg.PageTokens), TokenBytes: uint32(tb)}, nil
}

func dtypeName(d tensor.DType) string {
	switch d {
	case tensor.F16:
		return "F16"
	case tensor.F32:
		return "F32"
	}
	return fmt.Sprintf("dtype%d", uint32(d))
}

// sampleBytes is how much of each tensor's start, middle and end WeightsHash reads.
const sampleBytes = 4096

// WeightsHash is a SHA-256 over the file's metadata (keys in file order with their types and
// values), its tensor-info table (name, shape, type, offset, size) and, of each tensor's data, the
// first, middle and last 4 KiB. It reads a few megabytes at most even for a large model, so it is
// cheap at start-up, yet any other model, quantisation, fine-tune of the sampled blocks or
// re-layout changes it. It identifies a model between cooperating nodes; it is not a defence
// against a file crafted to collide (mTLS decides who is a peer).
func WeightsHash(f *gguf.File) [32]byte {
	h := sha256.New()
	fmt.Fprintf(h, "gguf v%d align %d\n", f.Version, f.Alignment)
	for _, k := range f.Keys {
		v := f.KV[k]
		fmt.Fprintf(h, "%q %d %d %v\n", k, v.Type, v.ElemType, v.V)
	}
	for i := range f.Tensors {
		t := &f.Tensors[i]
		fmt.Fprintf(h, "%q %v %d %d %d\n", t.Name, t.Shape, t.Type, t.Offset, t.Size)
		sample(h, t.Data)
	}
	var out [32]byte
	h.Sum(out[:0])
	return out
}

func sample(h hash.Hash, d []byte) {
	if len(d) <= 3*sampleBytes {
		h.Write(d)
		return
	}
	mid := len(d)/2 - sampleBytes/2
	h.Write(d[:sampleBytes])
	h.Write(d[mid : mid+sampleBytes])
	h.Write(d[len(d)-sampleBytes:])
	var n [8]byte
	binary.LittleEndian.PutUint64(n[:], uint64(len(d)))
	h.Write(n[:])
}
