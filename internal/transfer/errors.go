package transfer

import (
	"errors"
	"fmt"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// Reason names the check that ended a transfer. The values are stable: they are metric labels.
type Reason string

const (
	ReasonManifest   Reason = "manifest_mismatch" // ticket, request or tenant differ from the reservation
	ReasonModel      Reason = "model_mismatch"    // the sender's model fingerprint is not ours
	ReasonAdapter    Reason = "adapter_mismatch"  // the sender's LoRA adapter is not the reservation's
	ReasonPageCount  Reason = "page_count"        // pages announced or sent != pages reserved
	ReasonTokenCount Reason = "token_count"       // tokens announced or carried by a page != reserved
	ReasonPageSize   Reason = "page_size"         // a page's bytes do not match its token count
	ReasonPageData   Reason = "page_data"         // a page's bytes are not values of our KV type
	ReasonOrder      Reason = "page_order"        // a page arrived ahead of its turn
	ReasonChecksum   Reason = "checksum"          // a page does not match its manifest checksum
	ReasonHeader     Reason = "header"            // a page (on the wire or in the pool) names another owner
	ReasonDuplicate  Reason = "duplicate_frame"   // a manifest or page arrived twice
	ReasonStale      Reason = "stale_transfer"    // no live reservation for this transfer and ticket
	ReasonDeadline   Reason = "deadline"          // the reservation's deadline passed
	ReasonPeer       Reason = "peer_aborted"      // the other side aborted (abort frame or cancel)
	ReasonCancelled  Reason = "cancelled"         // this side's caller cancelled, or (Remote) the peer's
	ReasonConnection Reason = "connection"        // the stream broke before the transfer ended
	ReasonProtocol   Reason = "protocol"          // a malformed or unexpected frame
	ReasonSource     Reason = "source"            // the sender could not read a page (header check)
)

// Defence is the incident defence (shared/ISOLATION.md) a failed check belongs to, or "" for a
// check that is not one of them (a broken connection, a deadline, a malformed frame).
func (r Reason) Defence() kvtypes.Defence {
	switch r {
	case ReasonPageCount, ReasonTokenCount:
		return kvtypes.DefenceReconcile
	case ReasonChecksum:
		return kvtypes.DefenceChecksum
	case ReasonHeader, ReasonAdapter:
		// KV computed under another adapter belongs to another namespace than the reservation's:
		// the owner check, made on the manifest before any page is read.
		return kvtypes.DefenceHeader
	}
	return ""
}

// Error ends a transfer. Every failure the package reports is one, so callers can label metrics
// with Reason; Remote is true when the peer chose the reason (on the sender, the receiver's; on
// the receiver, only a sender's cancel).
type Error struct {
	Reason   Reason
	Transfer kvtypes.TransferID
	Remote   bool
	Detail   string
}

func (e *Error) Error() string {
	side := ""
	if e.Remote {
		side = " (by the peer)"
	}
	return fmt.Sprintf("transfer %d: %s%s: %s", e.Transfer, e.Reason, side, e.Detail)
}

// ReasonOf returns the reason of a transfer error, or "" for nil and for foreign errors.
func ReasonOf(err error) Reason {
	var e *Error
	if errors.As(err, &e) {
		return e.Reason
	}
	return ""
}

func fail(r Reason, id kvtypes.TransferID, format string, a ...any) *Error {
	return &Error{Reason: r, Transfer: id, Detail: fmt.Sprintf(format, a...)}
}
