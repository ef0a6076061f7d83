package transfer

// One incoming stream at the receiver: its frame reader, the manifest that binds it to a
// reservation, and each page and the commit as they arrive.

import (
	"context"
	"errors"

	"github.com/kvwarden/kvwarden/internal/faults"
	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// recvd is one Recv result handed from a stream's reader goroutine to its handler.
type recvd struct {
	b   []byte
	err error
}

// serve runs one incoming stream to its end. Frames are read by a helper goroutine so that an abort
// from outside (deadline, Cancel) can answer the sender while a Recv is blocked.
func (r *Receiver) serve(ctx context.Context, st Stream) {
	stop := make(chan struct{})
	defer close(stop)
	frames, more := readFrames(st, stop)
	var f Frame
	var out []byte
	abortFrame := func(e *Error) {
		out = AppendAbort(out[:0], e.Transfer, e.Reason, e.Detail)
		_ = st.Send(out) // best effort: the stream may already be gone
	}
	// The manifest.
	var in *incoming
	hs, handshakeOver := r.cfg.Clock.NewTimer(r.cfg.Handshake)
	select {
	case m := <-frames:
		hs.Stop()
		if e := r.bind(m, &f, &in); e != nil {
			abortFrame(e)
			return
		}
	case <-handshakeOver:
		r.refused(fail(ReasonProtocol, 0, "no manifest within %v", r.cfg.Handshake))
		return
	case <-ctx.Done():
		hs.Stop()
		return
	}
	out = AppendControl(out[:0], KindAccept, in.res.Transfer)
	if err := st.Send(out); err != nil {
		in.abort(fail(ReasonConnection, in.res.Transfer, "accept: %v", err))
		return
	}
	for {
		more <- struct{}{}
		var m recvd
		select {
		case m = <-frames:
		case e := <-in.kill:
			abortFrame(e)
			return
		}
		done, e := in.step(m, &f)
		if e != nil {
			if !in.abort(e) { // something else ended it first and says why
				select {
				case e = <-in.kill:
				default:
				}
			}
			if e.Reason != ReasonPeer && e.Reason != ReasonConnection {
				abortFrame(e)
			}
			return
		}
		if done != nil {
			out = AppendControl(out[:0], KindCommit, in.res.Transfer)
			_ = st.Send(out) // the receiver has committed whatever the sender hears
			in.finish(*done)
			return
		}
	}
}

// readFrames reads st's frames in the background until an error or stop: one at first, then one
// more each time serve asks, so that a frame is never read before serve has finished the last.
func readFrames(st Stream, stop <-chan struct{}) (<-chan recvd, chan<- struct{}) {
	frames := make(chan recvd)
	more := make(chan struct{})
	go func() {
		for {
			b, err := st.Recv()
			select {
			case frames <- recvd{b, err}:
			case <-stop:
				return
			}
			if err != nil {
				return
			}
			select {
			case <-more:
			case <-stop:
				return
			}
		}
	}()
	return frames, more
}

func (r *Receiver) refused(e *Error) {
	if r.cfg.Refused != nil {
		r.cfg.Refused(e)
	}
}

// recvError names a stream that ended without an abort frame. A cancelled stream and a dead
// connection look the same to gRPC, and a sender that means to abort says so first.
func recvError(id kvtypes.TransferID, err error) *Error {
	return fail(ReasonConnection, id, "the stream ended without a word: %v", err)
}

// bind checks the first frame against the reservation it names, before any page is read, and
// binds the stream to it. A reservation that a mismatching manifest names is aborted: whoever
// sent it knows the transfer id, and failing closed is the safe answer.
func (r *Receiver) bind(m recvd, f *Frame, out **incoming) *Error {
	if m.err != nil {
		e := recvError(0, m.err)
		r.refused(e)
		return e
	}
	if err := DecodeFrame(m.b, f); err != nil || f.Kind != KindManifest {
		e := fail(ReasonProtocol, f.Transfer, "the first frame is not a manifest (%v)", err)
		r.refused(e)
		return e
	}
	mf := &f.Manifest
	r.mu.Lock()
	in := r.byID[mf.Transfer]
	r.mu.Unlock()
	if in == nil {
		if e := r.wasCancelled(mf); e != nil {
			return e
		}
		e := fail(ReasonStale, mf.Transfer, "no reservation for this transfer (finished, replayed or never made)")
		r.refused(e)
		return e
	}
	in.mu.Lock()
	if in.state != inPending {
		in.mu.Unlock()
		e := fail(ReasonStale, mf.Transfer, "the reservation's ticket was already used")
		r.refused(e)
		return e
	}
	in.mu.Unlock()
	res := &in.res
	pt := int(r.cfg.Model.PageTokens)
	var e *Error
	switch {
	case mf.Ticket != in.ticket:
		e = fail(ReasonManifest, res.Transfer, "wrong ticket")
	case mf.Request != res.Request:
		e = fail(ReasonManifest, res.Transfer, "manifest names request %d, reserved for %d", mf.Request, res.Request)
	case mf.Tenant != res.Tenant:
		e = fail(ReasonManifest, res.Transfer, "manifest names another tenant")
	case mf.Model != r.cfg.Model:
		e = fail(ReasonModel, res.Transfer, "sender's model %s/%s/%d tokens a page differs from ours", mf.Model.Arch, mf.Model.KVDType, mf.Model.PageTokens)
	case mf.Adapter != res.Adapter:
		e = fail(ReasonAdapter, res.Transfer, "the KV was computed under LoRA adapter %s, the reservation runs %s", mf.Adapter.short(), res.Adapter.short())
	case mf.Tokens != res.Tokens && !faults.NoReconcile:
		e = fail(ReasonTokenCount, res.Transfer, "manifest announces %d tokens, %d reserved", mf.Tokens, res.Tokens)
	case (len(mf.Checksums) != len(res.Pages) || len(res.Pages) != (mf.Tokens+pt-1)/pt) && !faults.NoReconcile:
		e = fail(ReasonPageCount, res.Transfer, "manifest announces %d pages, %d reserved", len(mf.Checksums), len(res.Pages))
	case mf.Tokens <= 0 || mf.Tokens > res.Tokens || len(mf.Checksums) != (mf.Tokens+pt-1)/pt:
		// Reached only with the replay build's reconciliation off: the announced pages must still
		// fit the reservation.
		e = fail(ReasonPageCount, res.Transfer, "manifest announces %d pages for %d tokens, %d reserved", len(mf.Checksums), mf.Tokens, res.Tokens)
	}
	if e != nil {
		in.abort(e)
		return e
	}
	in.mu.Lock()
	if in.state != inPending { // aborted (deadline, cancel) or bound by another stream meanwhile
		in.mu.Unlock()
		if e := r.wasCancelled(mf); e != nil {
			return e
		}
		return fail(ReasonStale, res.Transfer, "the reservation ended or was taken")
	}
	in.state = inLive
	in.kill = make(chan *Error, 1)
	in.sums = append([]uint32(nil), mf.Checksums...)
	in.sent = mf.Tokens
	in.first = mf.First
	in.mu.Unlock()
	*out = in
	return nil
}

// step applies one frame of a live transfer; it returns the Outcome of a commit, or the check that
// failed.
func (in *incoming) step(m recvd, f *Frame) (*Outcome, *Error) {
	id := in.res.Transfer
	if m.err != nil {
		return nil, recvError(id, m.err)
	}
	if err := DecodeFrame(m.b, f); err != nil {
		return nil, fail(ReasonProtocol, id, "%v", err)
	}
	if f.Transfer != id {
		return nil, fail(ReasonHeader, id, "a frame names transfer %d", f.Transfer)
	}
	switch f.Kind {
	case KindPage:
		return nil, in.page(f)
	case KindEnd:
		return in.commit(f)
	case KindManifest:
		return nil, fail(ReasonDuplicate, id, "a second manifest")
	case KindAbort:
		if f.Reason == ReasonCancelled { // the sender's request ended (its client went away): no one's fault
			return nil, &Error{Reason: ReasonCancelled, Transfer: id, Remote: true, Detail: "the sender cancelled: " + f.Detail}
		}
		return nil, fail(ReasonPeer, id, "the sender aborted: %s: %s", f.Reason, f.Detail)
	}
	return nil, fail(ReasonProtocol, id, "unexpected frame kind %d", f.Kind)
}

func (in *incoming) page(f *Frame) *Error {
	res, h := &in.res, &f.Page
	id := res.Transfer
	pt, tb := int(in.r.cfg.Model.PageTokens), int(in.r.cfg.Model.TokenBytes)
	i := int(h.Index)
	switch {
	case h.Request != res.Request || h.Tenant != res.Tenant:
		return fail(ReasonHeader, id, "page %d names another request or tenant", i)
	case i < in.next:
		return fail(ReasonDuplicate, id, "page %d again", i)
	case i >= len(in.sums): // = the pages reserved, unless the replay build's reconciliation is off
		return fail(ReasonPageCount, id, "page %d beyond the %d announced", i, len(in.sums))
	case i > in.next:
		return fail(ReasonOrder, id, "page %d while page %d is due", i, in.next)
	}
	want := min(pt, in.sent-i*pt)
	switch {
	case int(h.Tokens) != want:
		return fail(ReasonTokenCount, id, "page %d carries %d tokens, %d due", i, h.Tokens, want)
	case len(f.Data) != want*tb:
		return fail(ReasonPageSize, id, "page %d has %d bytes for %d tokens", i, len(f.Data), want)
	case f.Sum != in.sums[i] && !faults.ChecksumsOff:
		return fail(ReasonChecksum, id, "page %d does not match its manifest checksum", i)
	}
	ref := res.Pages[i]
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.state != inLive {
		return in.lateFrame(fail(ReasonStale, id, "page %d arrived after the transfer ended", i))
	}
	sink := in.r.cfg.Sink
	if hd, ok := sink.Header(ref.Page); !ok || hd != (kvtypes.Header{Tenant: res.Tenant, Request: res.Request, Gen: ref.Gen}) {
		return fail(ReasonHeader, id, "reserved page %d (entry %d) is no longer this reservation's", ref.Page, i)
	}
	if err := sink.WritePage(ref.Page, want, f.Data); err != nil {
		if errors.Is(err, kv.ErrPageData) { // another KV type's page under our fingerprint
			return fail(ReasonPageData, id, "page %d: %v", i, err)
		}
		return fail(ReasonHeader, id, "writing page %d: %v", ref.Page, err)
	}
	in.next++
	return nil
}

// lateFrame is the answer to a frame that reached the transfer after it ended (in.mu held): the
// abort that ended it, so that a receiver's cancel racing the sender's next frame reads as the
// cancel it was on both nodes, never as a replay; stale where no abort ended it.
func (in *incoming) lateFrame(stale *Error) *Error {
	if in.ended != nil {
		return in.ended
	}
	return stale
}

// commit applies the commit rule: every reserved page received, the token count announced, every
// checksum verified (per page, above) and every page's header, read back after marking it
// written, naming this request's tenant and generation.
//
// In the replay build with reconciliation off the announced counts may fall short of the
// reservation: then only the pages written are marked so, and the checksum rule (every reserved
// page verified before the first token, invariant 4) is what refuses the rest.
func (in *incoming) commit(f *Frame) (*Outcome, *Error) {
	res := &in.res
	id := res.Transfer
	if in.next != len(in.sums) || int(f.Pages) != len(in.sums) {
		return nil, fail(ReasonPageCount, id, "end after %d pages (the sender counts %d), %d reserved", in.next, f.Pages, len(res.Pages))
	}
	if int(f.Tokens) != in.sent {
		return nil, fail(ReasonTokenCount, id, "end after %d tokens, %d reserved", f.Tokens, res.Tokens)
	}
	if in.next < len(res.Pages) && !faults.ChecksumsOff {
		return nil, fail(ReasonChecksum, id, "reserved pages %d..%d carry no verified checksum", in.next, len(res.Pages)-1)
	}
	in.mu.Lock()
	defer in.mu.Unlock()
	if in.state != inLive {
		return nil, in.lateFrame(fail(ReasonStale, id, "the end arrived after the transfer ended"))
	}
	sink := in.r.cfg.Sink
	pages := make([]Written, len(res.Pages))
	for i, ref := range res.Pages {
		want := kvtypes.Header{Tenant: res.Tenant, Request: res.Request, Gen: ref.Gen}
		if h, ok := sink.Header(ref.Page); !ok || h != want {
			return nil, fail(ReasonHeader, id, "reserved page %d (entry %d) changed owner before the commit", ref.Page, i)
		}
	}
	for i, ref := range res.Pages {
		if i >= in.next { // unwritten: reached only with the replay build's checksums off
			h, _ := sink.Header(ref.Page)
			pages[i] = Written{Page: ref.Page, Header: h}
			continue
		}
		if err := sink.MarkWritten(ref.Page); err != nil {
			return nil, fail(ReasonHeader, id, "marking page %d: %v", ref.Page, err)
		}
		h, _ := sink.Header(ref.Page)
		pages[i] = Written{Page: ref.Page, Header: h}
	}
	in.state = inDone
	return &Outcome{Transfer: id, Request: res.Request, Tokens: in.sent, First: in.first, Pages: pages}, nil
}
