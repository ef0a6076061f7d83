package kv

import (
	"bytes"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"math"
	"testing"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/tensor"
)

// TestTokensWireForm: ReadTokens lays a page's first tokens out as each layer's K heads then V
// heads, each head's vectors of those tokens in slot order,
// WriteTokens puts them back into the same slots only, and Checksum covers exactly those bytes.
func TestTokensWireForm(t *testing.T) {
	p := newTestPool(t, tensor.F32, ScrubNone)
	const id, tokens = kvtypes.PageID(2), 3
	hd := p.cfg.HeadDim
	fillVecs(p, id, func(vec, e int) float32 { return float32(vec*hd + e) })
	wire := make([]byte, tokens*p.TokenBytes())
	if err := p.ReadTokens(id, tokens, wire); err != nil {
		t.Fatal(err)
	}
	var want []byte
	for l := range p.cfg.Layers {
		for kOrV := range 2 {
			for h := range p.cfg.KVHeads {
				for slot := range tokens {
					for e := range hd {
						elem := p.vecOffset(l, kOrV, h, slot)/p.vecBytes*hd + e
						want = binary.LittleEndian.AppendUint32(want, math.Float32bits(float32(elem)))
					}
				}
			}
		}
	}
	if !bytes.Equal(wire, want) {
		t.Fatalf("wire form\n%x\nwant\n%x", wire, want)
	}

	var key [8]byte
	binary.LittleEndian.PutUint32(key[:], 5)
	binary.LittleEndian.PutUint32(key[4:], tokens)
	if got, want := p.Checksum(id, 5, tokens), crc32.Update(crc32.Update(0, castagnoli, key[:]), castagnoli, wire); got != want {
		t.Errorf("checksum %08x, want the CRC of the wire form %08x", got, want)
	}

	const dst = kvtypes.PageID(4)
	p.Stamp(dst, kvtypes.Header{Tenant: kvtypes.TenantKey{1}, Request: 1, Gen: 1})
	if err := p.WriteTokens(dst, tokens, wire); err != nil {
		t.Fatal(err)
	}
	for l := range p.cfg.Layers {
		for h := range p.cfg.KVHeads {
			for slot := range p.cfg.PageTokens {
				for kOrV := range 2 {
					o := p.vecOffset(l, kOrV, h, slot)
					want := make([]byte, p.vecBytes) // a slot beyond tokens is left as it was
					if slot < tokens {
						want = p.Data(id)[o : o+p.vecBytes]
					}
					if got := p.Data(dst)[o : o+p.vecBytes]; !bytes.Equal(got, want) {
						t.Errorf("layer %d head %d slot %d: %x, want %x", l, h, slot, got, want)
					}
				}
			}
		}
	}
	if p.Filled(dst) != tokens {
		t.Errorf("filled %d after writing %d tokens", p.Filled(dst), tokens)
	}
}

// TestTokensRefuses: a page outside the pool, more tokens than a page holds, or a buffer of another
// size is an error, not a panic or a partial copy.
func TestTokensRefuses(t *testing.T) {
	p := newTestPool(t, tensor.F16, ScrubNone)
	tb := p.TokenBytes()
	for _, c := range []struct {
		name   string
		id     kvtypes.PageID
		tokens int
		n      int
	}{
		{"page outside the pool", 8, 1, tb},
		{"negative page", -1, 1, tb},
		{"more tokens than a page", 0, 5, 5 * tb},
		{"negative tokens", 0, -1, 0},
		{"short buffer", 0, 2, 2*tb - 1},
		{"long buffer", 0, 2, 2*tb + 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			b := make([]byte, c.n)
			if err := p.ReadTokens(c.id, c.tokens, b); err == nil {
				t.Error("ReadTokens accepted it")
			}
			if err := p.WriteTokens(c.id, c.tokens, b); err == nil {
				t.Error("WriteTokens accepted it")
			}
		})
	}
}

// TestQ8_0PoolRefusesOtherTypes is an attacker relabelling another node's pages as q8_0: F16 KV
// (what an F16 node holds) and F32 KV cut to a q8_0 page's size are refused by WriteTokens with
// ErrPageData, the page left as it was; the q8_0 node's own pages pass.
func TestQ8_0PoolRefusesOtherTypes(t *testing.T) {
	cfg := Config{Layers: 2, KVHeads: 2, HeadDim: 64, PageTokens: 4, DType: tensor.Q8_0, Pages: 2}
	q8 := poolOf(t, cfg)
	const tokens = 3
	fillVecs(q8, 0, func(vec, e int) float32 { return float32(vec*7+e%13) - 6.5 })
	wire := make([]byte, tokens*q8.TokenBytes())
	if err := q8.ReadTokens(0, tokens, wire); err != nil {
		t.Fatal(err)
	}
	if err := q8.WriteTokens(1, tokens, wire); err != nil {
		t.Fatalf("a q8_0 page refused by a q8_0 pool: %v", err)
	}
	for _, dt := range []tensor.DType{tensor.F16, tensor.F32} {
		other := poolOf(t, Config{Layers: 2, KVHeads: 2, HeadDim: 64, PageTokens: 4, DType: dt, Pages: 1})
		fillVecs(other, 0, func(vec, e int) float32 { return float32(vec*7+e%13) - 6.5 })
		foreign := make([]byte, tokens*other.TokenBytes())
		if err := other.ReadTokens(0, tokens, foreign); err != nil {
			t.Fatal(err)
		}
		before := bytes.Clone(q8.Data(1))
		err := q8.WriteTokens(1, tokens, foreign[:len(wire)])
		if !errors.Is(err, ErrPageData) {
			t.Errorf("%s KV relabelled as q8_0: %v, want ErrPageData", dt, err)
		}
		if !bytes.Equal(q8.Data(1), before) {
			t.Errorf("%s KV relabelled as q8_0: the page changed", dt)
		}
	}
}

func poolOf(t *testing.T, cfg Config) *Pool {
	t.Helper()
	p, err := NewPool(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}
