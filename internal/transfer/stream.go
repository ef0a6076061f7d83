package transfer

import (
	"context"
	"crypto/rand"
	"encoding/hex"
)

// Stream is one transfer's ordered, bidirectional stream of frames, as a transport provides it.
// One goroutine may Send while another Receives.
type Stream interface {
	// Send transmits one encoded frame; b may be reused once it returns.
	Send(b []byte) error
	// Recv returns the next frame, valid until the next Recv.
	Recv() ([]byte, error)
	// Close ends the stream; on the dialling side it cancels it. Calling it again does nothing.
	Close()
}

// Transport opens streams to peers' receivers. GRPCTransport is the real one (mTLS over TCP),
// MemNetwork the in-memory one for tests, and Faults wraps either to inject failures.
type Transport interface {
	Dial(ctx context.Context, peer string) (Stream, error)
}

// Ticket is the receiver's unguessable name for one reservation. Only a sender holding it (handed
// over by the router) can open the transfer, and it is consumed by the first manifest naming it.
type Ticket [16]byte

func newTicket() Ticket {
	var t Ticket
	_, _ = rand.Read(t[:]) // crypto/rand.Read never fails (it crashes the program instead)
	return t
}

// String shows a prefix only, enough for a log line.
func (t Ticket) String() string { return hex.EncodeToString(t[:4]) }
