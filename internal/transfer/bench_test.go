package transfer

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/tensor"
)

// BenchmarkTransfer moves a 1024-token prompt of a 16-layer model with 8 KV heads of 64 (F16 KV,
// 16-token pages of 512 KiB: 64 pages, 32 MiB) per op, checksums on, end to end: manifest, pages,
// commit. MB/s counts KV bytes; allocs/page counts both ends (they share the process).
func BenchmarkTransfer(b *testing.B) {
	b.Run("grpc-mtls", func(b *testing.B) {
		server, client := devTLS(b)
		benchTransfer(b, func(r *Receiver) Transport {
			addr := serveGRPCOn(b, r, server)
			tr := NewGRPCTransport(client)
			b.Cleanup(func() { tr.Close() })
			return &peerAlias{T: tr, addr: addr}
		})
	})
	b.Run("memory", func(b *testing.B) {
		benchTransfer(b, func(r *Receiver) Transport {
			n := NewMemNetwork()
			n.Listen("decode", r)
			b.Cleanup(n.Wait)
			return n
		})
	})
}

// peerAlias dials addr whatever peer name it is given.
type peerAlias struct {
	T    Transport
	addr string
}

func (p *peerAlias) Dial(ctx context.Context, _ string) (Stream, error) { return p.T.Dial(ctx, p.addr) }

func benchTransfer(b *testing.B, serve func(*Receiver) Transport) {
	const tokens, pt = 1024, 16
	cfg := kv.Config{Layers: 16, KVHeads: 8, HeadDim: 64, PageTokens: pt, DType: tensor.F16, Pages: tokens / pt}
	model, err := NewFingerprint("bench", [32]byte{}, cfg)
	if err != nil {
		b.Fatal(err)
	}
	src, dst := newPool(b, cfg), newPool(b, cfg)
	refs := make([]kvtypes.PageRef, cfg.Pages)
	for i := range refs {
		refs[i] = kvtypes.PageRef{Page: kvtypes.PageID(i), Gen: 1}
		src.Stamp(refs[i].Page, kvtypes.Header{Tenant: tenantA, Request: 1, Gen: 1, Written: true})
		d := make([]byte, pt*src.TokenBytes()) // a full page: the wire form is the page's data as stored
		for j := range d {
			d[j] = byte(j * 7)
		}
		if err := src.WriteTokens(refs[i].Page, pt, d); err != nil {
			b.Fatal(err)
		}
	}
	outcomes := make(chan Outcome, 1)
	recv, err := NewReceiver(ReceiverConfig{Model: model, Sink: PoolSink{dst}, Done: func(o Outcome) { outcomes <- o }})
	if err != nil {
		b.Fatal(err)
	}
	snd, _ := NewSender(SenderConfig{Transport: serve(recv), Model: model})
	source := PoolSource{Pool: src, Tenant: tenantA, Pages: refs}
	one := func(i int) {
		gen := uint32(i + 2)
		res := Reservation{Transfer: kvtypes.TransferID(i + 1), Request: 2, Tenant: tenantA, Tokens: tokens,
			Pages: make([]kvtypes.PageRef, len(refs)), Deadline: time.Now().Add(time.Minute)}
		for j := range refs {
			res.Pages[j] = kvtypes.PageRef{Page: kvtypes.PageID(j), Gen: gen}
			dst.Stamp(res.Pages[j].Page, kvtypes.Header{Tenant: tenantA, Request: 2, Gen: gen})
		}
		ticket, err := recv.Expect(res)
		if err != nil {
			b.Fatal(err)
		}
		m := Manifest{Transfer: res.Transfer, Request: 2, Tenant: tenantA, Ticket: ticket, Tokens: tokens}
		if err := snd.Send(context.Background(), "decode", m, source); err != nil {
			b.Fatal(err)
		}
		if o := <-outcomes; o.Err != nil {
			b.Fatal(o.Err)
		}
	}
	one(0) // connect and warm the pools outside the timing
	b.SetBytes(int64(tokens * src.TokenBytes()))
	var ms0, ms1 runtime.MemStats
	runtime.ReadMemStats(&ms0)
	b.ResetTimer()
	for i := range b.N {
		one(i + 1)
	}
	b.StopTimer()
	runtime.ReadMemStats(&ms1)
	b.ReportMetric(float64(ms1.Mallocs-ms0.Mallocs)/float64(b.N*len(refs)), "allocs/page")
}
