package core

import (
	"errors"
	"time"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// Pause and Resume: the engine holds a decoding request out of the batches while something it
// needs for its next step is not ready (its constraint's next token mask, computed beside the
// step), so no other request waits for it.

// ErrNotDecoding: Pause of a request that is not decoding; nothing changed.
var ErrNotDecoding = errors.New("core: only a decoding request can be paused")

// Pause keeps a decoding request out of every batch until Resume. It keeps its pages (it is
// never a preemption victim while paused, so its KV need not be recomputed), its deadlines keep
// running, and abort, shutdown and Tick end it as usual. Pausing a paused request changes
// nothing; an unknown or terminal id is ErrUnknownRequest, any other state ErrNotDecoding. A
// request already in the plan handed out by Ready still runs that step.
func (c *Core) Pause(now time.Time, id kvtypes.RequestID) error {
	c.clock(now)
	r := c.reqs[id]
	switch {
	case r == nil:
		return ErrUnknownRequest
	case r.state != Decoding:
		return ErrNotDecoding
	case !r.paused:
		r.paused = true
		c.npaused++
	}
	return nil
}

// Resume lets a paused request into batches again. Resuming a request that is not paused
// changes nothing; an unknown or terminal id (one that ended while paused) is ErrUnknownRequest,
// which the caller may ignore: a late Resume is harmless.
func (c *Core) Resume(now time.Time, id kvtypes.RequestID) error {
	c.clock(now)
	r := c.reqs[id]
	if r == nil {
		return ErrUnknownRequest
	}
	c.unpause(r)
	return nil
}

func (c *Core) unpause(r *request) {
	if r.paused {
		r.paused = false
		c.npaused--
	}
}
