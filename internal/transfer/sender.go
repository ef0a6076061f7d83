package transfer

import (
	"context"
	"errors"
	"hash/crc32"
	"time"

	"github.com/kvwarden/kvwarden/internal/clock"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// abortGrace is how long a cancelled Send may still take to tell the receiver.
const abortGrace = time.Second

// SenderConfig configures a Sender.
type SenderConfig struct {
	Transport Transport
	Model     Fingerprint
	// Timeout bounds one Send when its context has no earlier deadline (default 30 s).
	Timeout time.Duration
	// Clock times Timeout and the grace an abort frame gets (nil: clock.Real).
	Clock clock.Clock
}

// Sender pushes prefilled pages to decode nodes. It is safe for concurrent use; each Send is one
// stream.
type Sender struct{ cfg SenderConfig }

// NewSender returns a sender.
func NewSender(cfg SenderConfig) (*Sender, error) {
	if cfg.Transport == nil || cfg.Model.PageTokens == 0 || cfg.Model.TokenBytes == 0 {
		return nil, errors.New("transfer: a sender needs a transport and a model fingerprint")
	}
	if cfg.Timeout <= 0 {
		cfg.Timeout = 30 * time.Second
	}
	cfg.Clock = clock.Or(cfg.Clock)
	return &Sender{cfg: cfg}, nil
}

// Send transfers m.Tokens tokens of src to peer. The caller fills the receiver's binding
// (Transfer, Request, Ticket), the Tenant, Tokens and First; Send fills Model and Checksums. It
// returns nil only when the receiver committed. Cancelling ctx aborts the transfer on both sides;
// a ctx already done sends nothing. When Send returns, it no longer reads src.
func (s *Sender) Send(ctx context.Context, peer string, m Manifest, src PageSource) error {
	id := m.Transfer
	if err := ctx.Err(); err != nil {
		return fail(ReasonCancelled, id, "cancelled before anything was sent")
	}
	pt, tb := int(s.cfg.Model.PageTokens), int(s.cfg.Model.TokenBytes)
	if m.Tokens <= 0 || (m.Tokens+pt-1)/pt > MaxPages {
		return fail(ReasonTokenCount, id, "%d tokens", m.Tokens)
	}
	ctx, cancelT := s.withTimeout(ctx)
	defer cancelT()
	m.Model = s.cfg.Model
	np := (m.Tokens + pt - 1) / pt
	// One buffer per stream, reused for every page.
	buf := make([]byte, 0, frameHeaderBytes+pageHeaderBytes+pt*tb)
	buf, e := s.sumPages(buf, &m, np, src)
	if e != nil {
		return e
	}
	sctx, cancel, release := s.graceContext(ctx)
	defer release()
	st, err := s.cfg.Transport.Dial(sctx, peer)
	if err != nil {
		return fail(ReasonConnection, id, "dial %s: %v", peer, err)
	}
	defer st.Close()
	buf = AppendManifest(buf[:0], &m)
	if err := st.Send(buf); err != nil {
		return orLocal(ctx, id, fail(ReasonConnection, id, "%v", err))
	}
	var f Frame
	if e := answer(st, &f, id, KindAccept); e != nil {
		return orLocal(ctx, id, e)
	}
	// From here the receiver's answer can come at any time.
	x := &outbound{st: st, id: id, buf: buf, final: awaitFinal(st, id, cancel), clock: s.cfg.Clock}
	return x.sendPages(ctx, s, &m, np, src)
}

// withTimeout bounds ctx by the Timeout on the sender's clock: a context deadline would be
// timed by the wall's. Its cause, like a deadline's, is context.DeadlineExceeded (orLocal).
func (s *Sender) withTimeout(ctx context.Context) (context.Context, context.CancelFunc) {
	ctx, cancel := context.WithCancelCause(ctx)
	t := s.cfg.Clock.AfterFunc(s.cfg.Timeout, func() { cancel(context.DeadlineExceeded) })
	return ctx, func() {
		t.Stop()
		cancel(context.Canceled)
	}
}

// awaitFinal reads the receiver's final answer in the background; an abort cancels the stream's
// context, so a Send blocked on flow control returns.
func awaitFinal(st Stream, id kvtypes.TransferID, cancel context.CancelFunc) <-chan *Error {
	final := make(chan *Error, 1)
	go func() {
		var f Frame
		e := answer(st, &f, id, KindCommit)
		if e != nil {
			cancel()
		}
		final <- e
	}()
	return final
}

// outbound is a transfer the receiver has accepted: its stream, the frame buffer reused for
// every page, and the receiver's final answer to come.
type outbound struct {
	st    Stream
	id    kvtypes.TransferID
	buf   []byte
	final <-chan *Error
	clock clock.Clock // the sender's
}

// sendPages sends the pages, each checked against the checksum the manifest promised, then the
// end frame, and waits for the receiver's commit.
func (x *outbound) sendPages(ctx context.Context, s *Sender, m *Manifest, np int, src PageSource) error {
	for i := range np {
		var sum uint32
		var e *Error
		if x.buf, sum, e = s.page(x.buf, m, i, src); e != nil {
			return x.stop(e)
		}
		if sum != m.Checksums[i] {
			return x.stop(fail(ReasonSource, x.id, "page %d changed while it was being sent", i))
		}
		if ctx.Err() != nil {
			return x.stop(orLocal(ctx, x.id, nil))
		}
		if err := x.st.Send(x.buf); err != nil {
			break // the reader has or will have the reason
		}
	}
	if err := x.st.Send(AppendEnd(x.buf[:0], x.id, uint32(np), uint32(m.Tokens))); err != nil && ctx.Err() != nil {
		return x.stop(orLocal(ctx, x.id, nil))
	}
	if e := <-x.final; e != nil {
		return orLocal(ctx, x.id, e)
	}
	return nil
}

// stop tells the receiver why and waits for it to end the stream: cancelling at once could
// overtake the abort frame.
func (x *outbound) stop(e *Error) error {
	_ = x.st.Send(AppendAbort(x.buf[:0], x.id, e.Reason, e.Detail))
	t, graceOver := x.clock.NewTimer(abortGrace)
	defer t.Stop()
	select {
	case <-x.final:
	case <-graceOver:
		x.st.Close()
		<-x.final
	}
	return e
}

// sumPages fills m.Checksums: a first pass over the pages, because the manifest, which carries
// the checksums, goes before them.
func (s *Sender) sumPages(buf []byte, m *Manifest, np int, src PageSource) ([]byte, *Error) {
	m.Checksums = make([]uint32, np)
	for i := range np {
		var e *Error
		if buf, m.Checksums[i], e = s.page(buf, m, i, src); e != nil {
			return buf, e
		}
	}
	return buf, nil
}

// graceContext is the stream's context: it outlives ctx by up to abortGrace, so that an abort
// frame can tell the receiver why; only a Send blocked past that is cut off. release ends it.
func (s *Sender) graceContext(ctx context.Context) (sctx context.Context, cancel context.CancelFunc, release func()) {
	sctx, cancel = context.WithCancel(context.WithoutCancel(ctx))
	returned := make(chan struct{})
	stopWatch := context.AfterFunc(ctx, func() {
		t, graceOver := s.cfg.Clock.NewTimer(abortGrace)
		defer t.Stop()
		select {
		case <-graceOver:
			cancel()
		case <-returned:
		}
	})
	return sctx, cancel, func() {
		stopWatch()
		close(returned)
		cancel()
	}
}

// page encodes page i as a frame into buf and returns it with its checksum.
func (s *Sender) page(buf []byte, m *Manifest, i int, src PageSource) ([]byte, uint32, *Error) {
	pt, tb := int(s.cfg.Model.PageTokens), int(s.cfg.Model.TokenBytes)
	n := min(pt, m.Tokens-i*pt)
	b, start := beginPage(buf[:0], PageHeader{Transfer: m.Transfer, Request: m.Request, Tenant: m.Tenant, Index: uint32(i), Tokens: uint32(n)})
	off := len(b)
	b = b[:off+n*tb]
	if err := src.ReadPage(i, n, b[off:]); err != nil {
		return buf, 0, fail(ReasonSource, m.Transfer, "page %d: %v", i, err)
	}
	b = endFrame(b, start)
	return b, crcBody(b[start:]), nil
}

// answer reads the receiver's next frame: want, or an abort naming the receiver's reason.
func answer(st Stream, f *Frame, id kvtypes.TransferID, want Kind) *Error {
	b, err := st.Recv()
	if err != nil {
		return fail(ReasonConnection, id, "waiting for the receiver: %v", err)
	}
	if err := DecodeFrame(b, f); err != nil {
		return fail(ReasonProtocol, id, "%v", err)
	}
	switch {
	case f.Kind == KindAbort:
		return &Error{Reason: f.Reason, Transfer: id, Remote: true, Detail: f.Detail}
	case f.Kind != want || f.Transfer != id:
		return fail(ReasonProtocol, id, "got frame kind %d for transfer %d, want kind %d", f.Kind, f.Transfer, want)
	}
	return nil
}

// orLocal prefers this side's own reason (the caller cancelled, or the deadline passed) over the
// broken stream it causes.
func orLocal(ctx context.Context, id kvtypes.TransferID, e *Error) *Error {
	switch {
	case e != nil && e.Remote:
		return e
	case errors.Is(context.Cause(ctx), context.DeadlineExceeded):
		return fail(ReasonDeadline, id, "the send's deadline passed")
	case ctx.Err() != nil:
		return fail(ReasonCancelled, id, "the sending node cancelled")
	}
	return e
}

func crcBody(frame []byte) uint32 { return crc32.Checksum(frame[frameHeaderBytes:], castagnoli) }
