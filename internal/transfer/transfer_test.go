package transfer

import (
	"context"
	"errors"
	"math"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/tensor"
)

// faultRow is one way a transfer can go wrong, and the check that must catch it on the receiver.
type faultRow struct {
	name  string
	fault FaultKind
	at    int
	// setup may change the rig or wrap the source; it runs after Expect.
	setup func(r *rig, ctx context.Context, cancel context.CancelFunc, src PageSource) PageSource
	// forge, if set, edits the manifest the sender sends, as a sender that lies would.
	forge func(m *Manifest)
	want  Reason // "" for a commit
	short bool   // a short reservation deadline (stalls)
}

// onRead runs f when page-table entry at is read for sending (the second read: the first computes
// the manifest's checksums).
type onRead struct {
	PageSource
	at    int
	reads atomic.Int32
	f     func()
}

func (s *onRead) ReadPage(i, tokens int, dst []byte) error {
	if i == s.at && s.reads.Add(1) == 2 {
		s.f()
	}
	return s.PageSource.ReadPage(i, tokens, dst)
}

var faultRows = []faultRow{
	{name: "clean"},
	{name: "flip a byte", fault: FaultFlipByte, at: 1, want: ReasonChecksum},
	{name: "truncate a page", fault: FaultTruncatePage, at: 0, want: ReasonPageSize},
	{name: "drop a page", fault: FaultDropPage, at: 1, want: ReasonOrder},
	{name: "drop the last page", fault: FaultDropPage, at: 2, want: ReasonPageCount},
	{name: "duplicate a page", fault: FaultDuplicatePage, at: 1, want: ReasonDuplicate},
	{name: "reorder pages", fault: FaultReorderPages, at: 0, want: ReasonOrder},
	{name: "fewer pages announced", fault: FaultFewerPages, want: ReasonPageCount},
	{name: "more pages sent", fault: FaultMorePages, want: ReasonPageCount},
	{name: "wrong request id", fault: FaultWrongRequest, want: ReasonManifest},
	{name: "wrong ticket", fault: FaultWrongTicket, want: ReasonManifest},
	{name: "wrong tenant", fault: FaultWrongTenant, want: ReasonManifest},
	{name: "wrong tenant on a page", fault: FaultWrongPageTenant, at: 2, want: ReasonHeader},
	{name: "wrong model", fault: FaultWrongModel, want: ReasonModel},
	{name: "wrong token count", fault: FaultWrongTokens, want: ReasonTokenCount},
	// The rig's reservation runs LoRA adapter rigAdapter: KV computed under other adapter bytes,
	// another scale or the base model must not be decoded under it.
	{name: "another LoRA adapter's KV", forge: func(m *Manifest) { m.Adapter.Fingerprint[0] ^= 1 }, want: ReasonAdapter},
	{name: "the adapter at another scale", forge: func(m *Manifest) { m.Adapter.ScaleBits = math.Float32bits(0.5) }, want: ReasonAdapter},
	{name: "the base model's KV", forge: func(m *Manifest) { m.Adapter = Adapter{} }, want: ReasonAdapter},
	{name: "stall past the deadline", fault: FaultStall, at: 1, want: ReasonDeadline, short: true},
	{name: "connection killed", fault: FaultKillConn, at: 1, want: ReasonConnection},
	{name: "reserved page reused before it was written", want: ReasonHeader,
		setup: func(r *rig, _ context.Context, _ context.CancelFunc, src PageSource) PageSource {
			r.dst.Stamp(r.res.Pages[1].Page, kvtypes.Header{Tenant: tenantB, Request: 5, Gen: 10}) // freed and handed on
			r.hdrs[r.res.Pages[1].Page], _ = r.dst.Header(r.res.Pages[1].Page)
			return src
		}},
	{name: "sender cancels mid-transfer", want: ReasonCancelled,
		setup: func(_ *rig, _ context.Context, cancel context.CancelFunc, src PageSource) PageSource {
			return &onRead{PageSource: src, at: 1, f: cancel}
		}},
	{name: "receiver cancels mid-transfer", want: ReasonCancelled,
		setup: func(r *rig, _ context.Context, _ context.CancelFunc, src PageSource) PageSource {
			return &onRead{PageSource: src, at: 1, f: func() { r.recv.Cancel(r.res.Transfer) }}
		}},
}

// runFaultRow runs one row over transport tr (a factory, so the fault wraps it) and checks the
// receiver's outcome, the sender's error, and that nothing landed outside the reservation.
func runFaultRow(t *testing.T, row faultRow, serve func(*Receiver) (Transport, string)) {
	deadline := 5 * time.Second
	if row.short {
		deadline = 300 * time.Millisecond
	}
	r := newRig(t, deadline)
	tr, peer := serve(r.recv)
	if row.fault != FaultNone {
		tr = &Faults{Kind: row.fault, At: row.at, T: tr}
	}
	snd, ticket := r.sender(t, tr, 0)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	var src PageSource = r.source()
	if row.setup != nil {
		src = row.setup(r, ctx, cancel, src)
	}
	m := r.manifest(ticket)
	if row.forge != nil {
		row.forge(&m)
	}
	sendErr := snd.Send(ctx, peer, m, src)
	o := r.outcome()
	if row.want == "" {
		if sendErr != nil {
			t.Fatalf("send: %v", sendErr)
		}
		r.committed(o)
		return
	}
	if got := ReasonOf(o.Err); got != row.want {
		t.Errorf("receiver: %v, want reason %s", o.Err, row.want)
	}
	if sendErr == nil {
		t.Error("the sender reports success for a transfer that did not commit")
	}
	if o.Pages != nil {
		t.Error("a failed outcome carries pages")
	}
	r.untouched()
}

func memServe(t *testing.T) func(*Receiver) (Transport, string) {
	return func(r *Receiver) (Transport, string) {
		n := NewMemNetwork()
		n.Listen("decode", r)
		t.Cleanup(n.Wait)
		return n, "decode"
	}
}

// TestFaultsInMemory runs every row in a testing/synctest bubble: the in-memory transport is
// channels only, so a stall ends exactly at the reservation's deadline, whatever the machine's speed.
func TestFaultsInMemory(t *testing.T) {
	for _, row := range faultRows {
		t.Run(row.name, func(t *testing.T) { synctest.Test(t, func(t *testing.T) { runFaultRow(t, row, memServe(t)) }) })
	}
}

// TestReplay sends the frames of a committed transfer again, then a copy naming a reservation that
// has expired: both are refused as stale, before any page is read.
func TestReplay(t *testing.T) {
	r := newRig(t, 5*time.Second)
	n := NewMemNetwork()
	n.Listen("decode", r.recv)
	defer n.Wait()
	var log [][]byte
	rec := &recorder{T: n, log: &log}
	snd, ticket := r.sender(t, rec, 0)
	if err := snd.Send(ctxT(t, 5*time.Second), "decode", r.manifest(ticket), r.source()); err != nil {
		t.Fatal(err)
	}
	r.committed(r.outcome())
	before := append([]byte(nil), pageBytes(r.dst, r.res.Pages[0].Page)...)
	// A second reservation for the same pages, as if they were reused: the replay must not land.
	res2 := r.res
	res2.Transfer = 0xbeef
	for _, ref := range res2.Pages {
		r.dst.Stamp(ref.Page, kvtypes.Header{Tenant: tenantA, Request: 21, Gen: ref.Gen})
	}
	if _, err := r.recv.Expect(res2); err != nil {
		t.Fatal(err)
	}
	st, err := n.Dial(ctxT(t, 5*time.Second), "decode")
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for _, b := range log {
		if st.Send(b) != nil {
			break
		}
	}
	b, err := st.Recv()
	var f Frame
	if err != nil || DecodeFrame(b, &f) != nil || f.Kind != KindAbort || f.Reason != ReasonStale {
		t.Fatalf("replay answered %+v, %v", f, err)
	}
	if e := <-r.refused; e.Reason != ReasonStale {
		t.Errorf("refused: %v", e)
	}
	if string(before) != string(pageBytes(r.dst, r.res.Pages[0].Page)) {
		t.Error("a replayed page landed")
	}
	select {
	case o := <-r.outcomes:
		t.Errorf("the replay ended a reservation: %+v", o)
	default:
	}
	r.recv.Cancel(res2.Transfer)
	if o := r.outcome(); ReasonOf(o.Err) != ReasonCancelled {
		t.Errorf("cancel: %+v", o)
	}
}

// recorder keeps a copy of every frame a sender sends.
type recorder struct {
	T   Transport
	log *[][]byte
}

func (r *recorder) Dial(ctx context.Context, peer string) (Stream, error) {
	st, err := r.T.Dial(ctx, peer)
	return &recStream{Stream: st, log: r.log}, err
}

type recStream struct {
	Stream
	log *[][]byte
}

func (s *recStream) Send(b []byte) error {
	*s.log = append(*s.log, append([]byte(nil), b...))
	return s.Stream.Send(b)
}

// TestLateFrameNeverLands binds a stream, writes one page, aborts the reservation, and then sends
// the next page on the same stream: it must not reach the page.
func TestLateFrameNeverLands(t *testing.T) {
	r := newRig(t, 5*time.Second)
	n := NewMemNetwork()
	n.Listen("decode", r.recv)
	defer n.Wait()
	ticket, _ := r.recv.Expect(r.res)
	m := r.manifest(ticket)
	m.Model = r.model
	pages := r.pageFrames(t, &m)
	st, _ := n.Dial(ctxT(t, 5*time.Second), "decode")
	defer st.Close()
	var f Frame
	if err := st.Send(AppendManifest(nil, &m)); err != nil {
		t.Fatal(err)
	}
	if b, err := st.Recv(); err != nil || DecodeFrame(b, &f) != nil || f.Kind != KindAccept {
		t.Fatalf("accept: %+v %v", f, err)
	}
	_ = st.Send(pages[0])
	r.recv.Cancel(r.res.Transfer)
	if o := r.outcome(); ReasonOf(o.Err) != ReasonCancelled {
		t.Fatalf("outcome %+v", o)
	}
	p1 := append([]byte(nil), pageBytes(r.dst, r.res.Pages[1].Page)...)
	_ = st.Send(pages[1]) // late: the stream is over, or the frame is dropped
	_ = st.Send(AppendEnd(nil, m.Transfer, 3, rigTokens))
	n.Wait()
	if string(p1) != string(pageBytes(r.dst, r.res.Pages[1].Page)) {
		t.Error("a frame sent after the abort was written")
	}
	if string(r.before[r.res.Pages[1].Page]) != string(p1) {
		t.Error("page 1 was written before it was sent")
	}
	r.untouched()
}

func TestExpectRefusesBadReservations(t *testing.T) {
	r := newRig(t, 5*time.Second)
	for _, c := range []struct {
		name string
		edit func(*Reservation)
	}{
		{"no tokens", func(res *Reservation) { res.Tokens = 0 }},
		{"pages do not fit the tokens", func(res *Reservation) { res.Tokens = 13 }},
		{"too many pages", func(res *Reservation) { res.Tokens = 4 }},
		{"no deadline", func(res *Reservation) { res.Deadline = time.Time{} }},
	} {
		res := r.res
		c.edit(&res)
		if _, err := r.recv.Expect(res); err == nil {
			t.Errorf("%s: accepted", c.name)
		}
	}
	if _, err := r.recv.Expect(r.res); err != nil {
		t.Fatal(err)
	}
	if _, err := r.recv.Expect(r.res); err == nil {
		t.Error("the same transfer expected twice")
	}
}

// TestCancelledBeforeSend: an aborted request is never sent, not even its manifest.
func TestCancelledBeforeSend(t *testing.T) {
	r := newRig(t, 5*time.Second)
	var log [][]byte
	n := NewMemNetwork()
	n.Listen("decode", r.recv)
	snd, _ := NewSender(SenderConfig{Transport: &recorder{T: n, log: &log}, Model: r.model})
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := snd.Send(ctx, "decode", r.manifest(Ticket{}), r.source()); ReasonOf(err) != ReasonCancelled || len(log) != 0 {
		t.Errorf("err %v, %d frames sent", err, len(log))
	}
	// A page whose header no longer names the request (freed and reused) is never read either.
	r.src.Invalidate(r.srcRefs[2].Page)
	if err := snd.Send(ctxT(t, 5*time.Second), "decode", r.manifest(Ticket{}), r.source()); ReasonOf(err) != ReasonSource || len(log) != 0 {
		t.Errorf("err %v, %d frames sent", err, len(log))
	}
}

// TestPageAfterAbortNotWritten drives a bound transfer directly: a page frame that reaches the
// receiver after the abort (however the stream was slow to end) is refused, with the abort's own
// reason, and writes nothing. A receiver's cancel racing the sender's next page is then a cancel
// on the sending node too (counted nowhere), not a stale transfer (TestDisaggregatedProbeFindsNothing
// saw one once, under load).
func TestPageAfterAbortNotWritten(t *testing.T) {
	for _, reason := range []Reason{ReasonDeadline, ReasonCancelled} {
		t.Run(string(reason), func(t *testing.T) {
			r := newRig(t, 5*time.Second)
			ticket, _ := r.recv.Expect(r.res)
			m := r.manifest(ticket)
			m.Model = r.model
			frames := r.pageFrames(t, &m)
			var f Frame
			var in *incoming
			if e := r.recv.bind(recvd{b: AppendManifest(nil, &m)}, &f, &in); e != nil {
				t.Fatal(e)
			}
			if _, e := in.step(recvd{b: frames[0]}, &f); e != nil {
				t.Fatal(e)
			}
			if reason == ReasonCancelled {
				r.recv.Cancel(m.Transfer)
			} else {
				in.abort(fail(reason, m.Transfer, "test"))
			}
			if o := r.outcome(); ReasonOf(o.Err) != reason {
				t.Fatalf("outcome %+v", o)
			}
			if _, e := in.step(recvd{b: frames[1]}, &f); e == nil || e.Reason != reason {
				t.Errorf("late page: %v, want %s", e, reason)
			}
			if _, e := in.step(recvd{b: AppendEnd(nil, m.Transfer, 3, rigTokens)}, &f); e == nil {
				t.Error("late end commits")
			}
			if string(pageBytes(r.dst, r.res.Pages[1].Page)) != string(r.before[r.res.Pages[1].Page]) {
				t.Error("the late page was written")
			}
			r.untouched()
		})
	}
}

// pageFrames encodes the rig's three pages as page frames of m's transfer and records their
// checksums in m, for tests that feed frames by hand.
func (r *rig) pageFrames(t *testing.T, m *Manifest) [][]byte {
	t.Helper()
	tb := int(r.model.TokenBytes)
	var frames [][]byte
	for i := range 3 {
		data := make([]byte, min(4, rigTokens-4*i)*tb)
		if err := r.source().ReadPage(i, len(data)/tb, data); err != nil {
			t.Fatal(err)
		}
		b, sum := AppendPage(nil, PageHeader{Transfer: m.Transfer, Request: m.Request, Tenant: m.Tenant, Index: uint32(i), Tokens: uint32(len(data) / tb)}, data)
		m.Checksums = append(m.Checksums, sum)
		frames = append(frames, b)
	}
	return frames
}

// TestLateSenderOfCancelledReservation: a sender that arrives after the receiving node cancelled
// its reservation (the client went away) is told "cancelled", and nothing is counted; one without
// that reservation's ticket is still a stale transfer, counted as a refusal.
func TestLateSenderOfCancelledReservation(t *testing.T) {
	for _, tc := range []struct {
		name        string
		rightTicket bool
		want        Reason
		refused     bool
	}{
		{"the paired sender", true, ReasonCancelled, false},
		{"another ticket", false, ReasonStale, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				r := newRig(t, 5*time.Second)
				tr, peer := memServe(t)(r.recv)
				snd, ticket := r.sender(t, tr, 0)
				r.recv.Cancel(r.res.Transfer)
				if o := r.outcome(); ReasonOf(o.Err) != ReasonCancelled {
					t.Fatalf("cancel: %v", o.Err)
				}
				if !tc.rightTicket {
					ticket[0] ^= 1
				}
				err := snd.Send(context.Background(), peer, r.manifest(ticket), r.source())
				var e *Error
				if !errors.As(err, &e) || e.Reason != tc.want || !e.Remote {
					t.Fatalf("send: %v, want %s from the peer", err, tc.want)
				}
				synctest.Wait() // the receiver is done with the stream: a refusal is reported by now
				select {
				case e := <-r.refused:
					if !tc.refused {
						t.Fatalf("a late sender of a cancelled reservation counted as refused: %v", e)
					}
				default:
					if tc.refused {
						t.Fatal("a manifest of another ticket was not counted")
					}
				}
				r.untouched()
			})
		})
	}
}

// TestQ8_0NodeRefusesF16Pages is an F16 node, or an attacker holding its pages, handing them to a
// q8_0 decode node: under the F16 node's own fingerprint the manifest is refused (model_mismatch);
// under a forged q8_0 fingerprint the F16 pages are the wrong size (page_size); cut to a q8_0
// page's size, with checksums computed over what is sent, their bytes are not q8_0 blocks
// (page_data). Nothing is written, and no reserved page can be read.
func TestQ8_0NodeRefusesF16Pages(t *testing.T) {
	for _, tc := range []struct {
		name       string
		forge, cut bool
		want       Reason
		atManifest bool
	}{
		{"the F16 node's manifest", false, false, ReasonModel, true},
		{"F16 pages under a q8_0 manifest", true, false, ReasonPageSize, false},
		{"F16 pages cut to q8_0 pages under a q8_0 manifest", true, true, ReasonPageData, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := newRigOf(t, 5*time.Second, tensor.F16, tensor.Q8_0)
			ticket, err := r.recv.Expect(r.res)
			if err != nil {
				t.Fatal(err)
			}
			m := r.manifest(ticket)
			m.Model, err = NewFingerprint("test", [32]byte{7}, r.src.Config()) // the F16 node's
			if err != nil {
				t.Fatal(err)
			}
			if tc.forge {
				m.Model = r.model
			}
			srcTB, dstTB := r.src.TokenBytes(), int(r.model.TokenBytes)
			var frames [][]byte
			for i := range 3 {
				n := min(4, rigTokens-4*i)
				data := make([]byte, n*srcTB)
				if err := r.source().ReadPage(i, n, data); err != nil {
					t.Fatal(err)
				}
				if tc.cut {
					data = data[:n*dstTB]
				}
				b, sum := AppendPage(nil, PageHeader{Transfer: m.Transfer, Request: m.Request, Tenant: m.Tenant, Index: uint32(i), Tokens: uint32(n)}, data)
				m.Checksums = append(m.Checksums, sum)
				frames = append(frames, b)
			}
			var f Frame
			var in *incoming
			e := r.recv.bind(recvd{b: AppendManifest(nil, &m)}, &f, &in)
			if tc.atManifest != (e != nil) {
				t.Fatalf("manifest: %v", e)
			}
			for _, b := range frames {
				if e != nil {
					break
				}
				_, e = in.step(recvd{b: b}, &f)
			}
			if e == nil {
				_, e = in.step(recvd{b: AppendEnd(nil, m.Transfer, 3, rigTokens)}, &f)
			}
			if e == nil || e.Reason != tc.want {
				t.Fatalf("refused with %v, want %s", e, tc.want)
			}
			r.untouched()
		})
	}
}
