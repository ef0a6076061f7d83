package transfer

import (
	"bytes"
	"context"
	"math"
	"math/rand/v2"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/tensor"
)

var (
	tenantA = kvtypes.TenantKey{0xa1, 0xa2}
	tenantB = kvtypes.TenantKey{0xb1, 0xb2}
)

func testConfig(pages int) kv.Config { return testConfigOf(tensor.F16, pages) }

// testConfigOf is the rig's pool layout with KV type dt: heads of 4, or of one block for a
// quantised type.
func testConfigOf(dt tensor.DType, pages int) kv.Config {
	return kv.Config{Layers: 2, KVHeads: 2, HeadDim: max(4, dt.BlockElems()), PageTokens: 4, DType: dt, Pages: pages}
}

func testModel(t testing.TB) Fingerprint { return testModelOf(t, tensor.F16) }

func testModelOf(t testing.TB, dt tensor.DType) Fingerprint {
	fp, err := NewFingerprint("test", [32]byte{7}, testConfigOf(dt, 1))
	if err != nil {
		t.Fatal(err)
	}
	return fp
}

func newPool(t testing.TB, cfg kv.Config) *kv.Pool {
	p, err := kv.NewPool(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { p.Close() })
	return p
}

// rig is one prefill pool and one decode pool, and a transfer of tokens tokens between them.
type rig struct {
	t        testing.TB
	model    Fingerprint
	src, dst *kv.Pool
	srcRefs  []kvtypes.PageRef
	res      Reservation
	before   [][]byte // every decode page (header and data) before the transfer
	hdrs     []kvtypes.Header
	outcomes chan Outcome
	refused  chan *Error
	recv     *Receiver
}

const rigTokens = 10 // three pages: 4, 4 and 2 tokens

// rigAdapter is the LoRA adapter the rig's reservation runs with.
var rigAdapter = Adapter{Fingerprint: [32]byte{0xad, 0xa9}, ScaleBits: math.Float32bits(1)}

func newRig(t testing.TB, deadline time.Duration) *rig {
	return newRigOf(t, deadline, tensor.F16, tensor.F16)
}

// newRigOf is newRig with a prefill pool of KV type src and a decode node (its pool and
// fingerprint) of KV type dst.
func newRigOf(t testing.TB, deadline time.Duration, src, dst tensor.DType) *rig {
	r := &rig{t: t, model: testModelOf(t, dst), outcomes: make(chan Outcome, 4), refused: make(chan *Error, 4)}
	srcCfg, dstCfg := testConfigOf(src, 8), testConfigOf(dst, 12)
	srcCfg.HeadDim = dstCfg.HeadDim // one model: the heads a block of dst's type needs
	r.src = newPool(t, srcCfg)
	r.dst = newPool(t, dstCfg)
	rng := rand.New(rand.NewPCG(1, 2))
	for id := range kvtypes.PageID(8) {
		fill(r.src, id, rng)
	}
	for id := range kvtypes.PageID(12) {
		fill(r.dst, id, rng) // stands for other tenants' KV, left in place as pages are not scrubbed
		r.dst.Stamp(id, kvtypes.Header{Tenant: tenantB, Request: 99, Gen: 1, Written: true})
	}
	r.srcRefs = []kvtypes.PageRef{{Page: 5, Gen: 3}, {Page: 2, Gen: 3}, {Page: 7, Gen: 3}}
	for _, ref := range r.srcRefs {
		r.src.Stamp(ref.Page, kvtypes.Header{Tenant: tenantA, Request: 11, Gen: ref.Gen, Written: true})
	}
	r.res = Reservation{Transfer: 0xfeed, Request: 21, Tenant: tenantA, Tokens: rigTokens,
		Pages: []kvtypes.PageRef{{Page: 8, Gen: 9}, {Page: 1, Gen: 9}, {Page: 4, Gen: 9}}, Adapter: rigAdapter, Deadline: time.Now().Add(deadline)}
	for _, ref := range r.res.Pages {
		r.dst.Stamp(ref.Page, kvtypes.Header{Tenant: tenantA, Request: 21, Gen: ref.Gen})
	}
	for id := range kvtypes.PageID(12) {
		r.before = append(r.before, append([]byte(nil), pageBytes(r.dst, id)...))
		h, _ := r.dst.Header(id)
		r.hdrs = append(r.hdrs, h)
	}
	var err error
	r.recv, err = NewReceiver(ReceiverConfig{Model: r.model, Sink: PoolSink{r.dst},
		Done: func(o Outcome) { r.outcomes <- o }, Refused: func(e *Error) { r.refused <- e }})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(r.recv.Close)
	return r
}

// fill writes random KV, as the pool's format stores it, into every slot of a page.
func fill(p *kv.Pool, id kvtypes.PageID, rng *rand.Rand) {
	b := make([]byte, p.Config().PageTokens*p.TokenBytes())
	vec, vb := make([]float32, p.Config().HeadDim), p.VecBytes()
	for o := 0; o < len(b); o += vb {
		for e := range vec {
			vec[e] = float32(rng.NormFloat64())
		}
		p.Format().Store(b[o:o+vb], vec)
	}
	if err := p.WriteTokens(id, p.Config().PageTokens, b); err != nil {
		panic(err)
	}
}

// pageBytes is a copy of a page's data, every token slot: in the wire form of a full page, which is
// the data as the pool stores it.
func pageBytes(p *kv.Pool, id kvtypes.PageID) []byte {
	b := make([]byte, p.Config().PageTokens*p.TokenBytes())
	if err := p.ReadTokens(id, p.Config().PageTokens, b); err != nil {
		panic(err)
	}
	return b
}

func (r *rig) manifest(ticket Ticket) Manifest {
	return Manifest{Transfer: r.res.Transfer, Request: r.res.Request, Tenant: r.res.Tenant, Ticket: ticket, Tokens: r.res.Tokens, First: 77, Adapter: r.res.Adapter}
}

func (r *rig) source() PoolSource {
	return PoolSource{Pool: r.src, Tenant: tenantA, Pages: r.srcRefs}
}

func (r *rig) outcome() Outcome {
	select {
	case o := <-r.outcomes:
		return o
	case <-time.After(10 * time.Second):
		r.t.Fatal("no outcome")
		return Outcome{}
	}
}

// untouched checks that no page outside the reservation changed, and that no reserved page is
// marked written (so none can ever be read).
func (r *rig) untouched() {
	r.t.Helper()
	reserved := map[kvtypes.PageID]bool{}
	for _, ref := range r.res.Pages {
		// A page handed on to another owner meanwhile is no longer the reservation's to write.
		h, _ := r.dst.Header(ref.Page)
		reserved[ref.Page] = h.Tenant == r.res.Tenant && h.Request == r.res.Request && h.Gen == ref.Gen
	}
	for id := range kvtypes.PageID(12) {
		h, _ := r.dst.Header(id)
		if reserved[id] {
			if h.Written {
				r.t.Errorf("reserved page %d marked written after a failed transfer", id)
			}
			continue
		}
		if !bytes.Equal(pageBytes(r.dst, id), r.before[id]) || h != r.hdrs[id] {
			r.t.Errorf("page %d outside the reservation changed", id)
		}
	}
}

// committed checks a successful transfer: the used token slots equal the sender's, the rest of
// each page still holds what was there (nothing beyond the tokens travelled), headers are written.
func (r *rig) committed(o Outcome) {
	r.t.Helper()
	if o.Err != nil || o.Tokens != rigTokens || o.First != 77 || o.Request != 21 || len(o.Pages) != 3 {
		r.t.Fatalf("outcome %+v", o)
	}
	tb := int(r.model.TokenBytes)
	for i, ref := range r.res.Pages {
		want := kvtypes.Header{Tenant: tenantA, Request: 21, Gen: 9, Written: true}
		if o.Pages[i] != (Written{Page: ref.Page, Header: want}) {
			r.t.Errorf("entry %d: %+v", i, o.Pages[i])
		}
		n := min(4, rigTokens-4*i)
		got, sent := make([]byte, n*tb), make([]byte, n*tb)
		if err := (PoolSource{Pool: r.dst, Tenant: tenantA, Pages: r.res.Pages}).ReadPage(i, n, got); err != nil {
			r.t.Fatal(err)
		}
		if err := r.source().ReadPage(i, n, sent); err != nil {
			r.t.Fatal(err)
		}
		if !bytes.Equal(got, sent) {
			r.t.Errorf("page %d contents differ", i)
		}
		cur, old := pageBytes(r.dst, ref.Page), r.before[ref.Page]
		// A segment is one KV head's K or V of one layer; a row is one token of one segment.
		cfg := r.dst.Config()
		segs := 2 * cfg.Layers * cfg.KVHeads
		seg, row := len(cur)/segs, tb/segs
		// The unused slots keep what was there: they were never sent.
		for s := range segs {
			if !bytes.Equal(cur[s*seg+n*row:(s+1)*seg], old[s*seg+n*row:(s+1)*seg]) {
				r.t.Errorf("page %d: slots beyond its %d tokens changed", i, n)
			}
		}
	}
}

func ctxT(t testing.TB, d time.Duration) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	t.Cleanup(cancel)
	return ctx
}

// sender returns a sender over tr for the rig's model (timeout 0: the default) and a ticket for
// the rig's reservation.
func (r *rig) sender(t testing.TB, tr Transport, timeout time.Duration) (*Sender, Ticket) {
	t.Helper()
	snd, err := NewSender(SenderConfig{Transport: tr, Model: r.model, Timeout: timeout})
	if err != nil {
		t.Fatal(err)
	}
	ticket, err := r.recv.Expect(r.res)
	if err != nil {
		t.Fatal(err)
	}
	return snd, ticket
}
