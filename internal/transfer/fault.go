package transfer

import (
	"context"
	"errors"
	"fmt"
)

// FaultKind names one failure Faults injects into a sender's stream.
type FaultKind int

const (
	FaultNone            FaultKind = iota
	FaultFlipByte                  // a byte of page At's KV flips in transit
	FaultTruncatePage              // page At loses its last byte
	FaultDropPage                  // page At is never sent
	FaultDuplicatePage             // page At is sent twice
	FaultReorderPages              // pages At and At+1 travel swapped
	FaultFewerPages                // the manifest announces one page fewer than reserved
	FaultMorePages                 // an extra page follows the last one
	FaultWrongRequest              // the manifest names another request
	FaultWrongTicket               // the manifest carries another ticket
	FaultWrongTenant               // the manifest names another tenant
	FaultWrongPageTenant           // page At's header names another tenant
	FaultWrongModel                // the manifest carries another model fingerprint
	FaultWrongTokens               // the manifest announces one token more than reserved
	FaultStall                     // the stream stalls before page At until it is torn down
	FaultKillConn                  // the connection dies at page At
)

var faultNames = [...]string{"none", "flip-byte", "truncate-page", "drop-page", "duplicate-page", "reorder-pages",
	"fewer-pages", "more-pages", "wrong-request", "wrong-ticket", "wrong-tenant", "wrong-page-tenant",
	"wrong-model", "wrong-tokens", "stall", "kill-conn"}

func (k FaultKind) String() string {
	if k >= 0 && int(k) < len(faultNames) {
		return faultNames[k]
	}
	return fmt.Sprintf("fault%d", int(k))
}

// Faults wraps a Transport so that every stream it dials suffers one fault, on the sender's side
// of the wire: the frames are rewritten after the sender built them, as a broken or hostile
// network or peer would.
type Faults struct {
	Kind FaultKind
	At   int // the page index the fault hits
	T    Transport
}

// Dial implements Transport.
func (f *Faults) Dial(ctx context.Context, peer string) (Stream, error) {
	st, err := f.T.Dial(ctx, peer)
	if err != nil {
		return nil, err
	}
	return &faultStream{Stream: st, f: f, ctx: ctx}, nil
}

type faultStream struct {
	Stream
	f     *Faults
	ctx   context.Context
	held  []byte // FaultReorderPages: page At, sent after page At+1
	pages int    // page count from the manifest
	fr    Frame
}

type killer interface{ kill() }

func (s *faultStream) Send(b []byte) error {
	f := &s.fr
	if err := DecodeFrame(b, f); err != nil {
		return err
	}
	switch f.Kind {
	case KindManifest:
		return s.manifest(f)
	case KindPage:
		return s.page(b, f)
	}
	return s.Stream.Send(b)
}

func (s *faultStream) manifest(f *Frame) error {
	m := f.Manifest
	m.Checksums = append([]uint32(nil), m.Checksums...)
	s.pages = len(m.Checksums)
	switch s.f.Kind {
	case FaultFewerPages:
		m.Checksums = m.Checksums[:len(m.Checksums)-1]
	case FaultWrongRequest:
		m.Request++
	case FaultWrongTicket:
		m.Ticket[0] ^= 1
	case FaultWrongTenant:
		m.Tenant[0] ^= 1
	case FaultWrongModel:
		m.Model.Weights[0] ^= 1
	case FaultWrongTokens:
		m.Tokens++
	}
	return s.Stream.Send(AppendManifest(nil, &m))
}

func (s *faultStream) page(b []byte, f *Frame) error {
	if int(f.Page.Index) != s.f.At && !(s.f.Kind == FaultReorderPages && s.held != nil) {
		if err := s.Stream.Send(b); err != nil {
			return err
		}
		if s.f.Kind == FaultMorePages && int(f.Page.Index) == s.pages-1 {
			h := f.Page
			h.Index++
			extra, _ := AppendPage(nil, h, f.Data)
			return s.Stream.Send(extra)
		}
		return nil
	}
	h, data := f.Page, append([]byte(nil), f.Data...)
	switch s.f.Kind {
	case FaultFlipByte:
		data[len(data)/2] ^= 0x10
	case FaultTruncatePage:
		data = data[:len(data)-1]
	case FaultDropPage:
		return nil
	case FaultDuplicatePage:
		if err := s.Stream.Send(b); err != nil {
			return err
		}
	case FaultReorderPages:
		if s.held == nil {
			s.held = append([]byte(nil), b...)
			return nil
		}
		if err := s.Stream.Send(b); err != nil {
			return err
		}
		held := s.held
		s.held = nil
		return s.Stream.Send(held)
	case FaultWrongPageTenant:
		h.Tenant[0] ^= 1
	case FaultStall:
		<-s.ctx.Done()
		return s.ctx.Err()
	case FaultKillConn:
		k, ok := s.Stream.(killer)
		if !ok {
			return errors.New("transfer faults: this transport cannot kill its connection")
		}
		k.kill()
		return errKilled
	}
	out, _ := AppendPage(nil, h, data)
	return s.Stream.Send(out)
}
