package gguf

import (
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"hash"
)

// sampleBytes is how much of each tensor's start, middle and end WeightsHash reads.
const sampleBytes = 4096

// WeightsHash is a SHA-256 over the file's metadata (keys in file order with their types and
// values), its tensor-info table (name, shape, type, offset, size) and, of each tensor's data, the
// first, middle and last 4 KiB. It reads a few megabytes at most even for a large model, so it is
// cheap at start-up, yet any other model, quantisation, fine-tune of the sampled blocks or
// re-layout changes it. It identifies a model between cooperating nodes; it is not a defence
// against a file crafted to collide (mTLS decides who is a peer).
func (f *File) WeightsHash() [32]byte {
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
