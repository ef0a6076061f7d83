package core

import (
	"errors"
	"slices"
	"time"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

func (w *world) abort(id kvtypes.RequestID, reason kvtypes.AbortReason) {
	err := w.c.Abort(w.now, id, reason)
	wasLive := slices.Contains(w.live, id)
	if wasLive != (err == nil) {
		w.failf("abort r%d: %v (live %v)", id, err, wasLive)
	}
	w.log("abort r%d %s: %v", id, reason, err)
	w.after(func(m *mreq) string {
		if m.id == id {
			return "abort:" + string(reason)
		}
		return ""
	})
}

// pause plays the engine holding a request out of batches while its next mask is computed.
func (w *world) pause(id kvtypes.RequestID) {
	decoding := w.c.State(id) == Decoding
	err := w.c.Pause(w.now, id)
	if decoding != (err == nil) {
		w.failf("pause r%d: %v (decoding %v)", id, err, decoding)
	}
	if err == nil {
		w.paused[id] = true
	}
	w.log("pause r%d: %v", id, err)
	w.after(none)
}

// resume plays the mask arriving, possibly after its request ended (a late Resume).
func (w *world) resume(id kvtypes.RequestID) {
	alive := w.c.State(id) != 0
	err := w.c.Resume(w.now, id)
	if alive != (err == nil) {
		w.failf("resume r%d: %v (alive %v)", id, err, alive)
	}
	delete(w.paused, id)
	w.log("resume r%d: %v", id, err)
	w.after(none)
}

func (w *world) tick(d time.Duration) {
	w.now = w.now.Add(d)
	w.c.Tick(w.now)
	w.log("tick +%v", d)
	w.after(func(*mreq) string { return "abort:" + string(kvtypes.AbortDeadline) })
}

// dropTenant plays the operator removing a tenant: its cached pages go, its requests run on.
func (w *world) dropTenant(name string) {
	n := w.c.DropTenant(w.now, name)
	w.log("drop-tenant %s: %d pages", name, n)
	w.after(none)
	for i := range w.c.l.pages {
		if p := &w.c.l.pages[i]; p.state == pageCached && !p.doomed && w.c.tlist[p.tenant].name == name {
			w.failf("page %d of dropped tenant %s is still in the cache index", i, name)
		}
	}
}

func (w *world) shutdown() {
	w.down = true
	w.c.Shutdown(w.now)
	w.log("shutdown")
	w.after(func(*mreq) string { return "abort:" + string(kvtypes.AbortShutdown) })
}

func (w *world) closeID(id kvtypes.TransferID) {
	delete(w.held, id)
	delete(w.sends, id)
	delete(w.recvs, id)
	if i := slices.Index(w.cancels, id); i >= 0 {
		w.cancels = slices.Delete(w.cancels, i, i+1)
	}
	w.closed = append(w.closed, id)
}

// transferDone answers a transfer the transport holds (send, receive or cancel).
func (w *world) transferDone(id kvtypes.TransferID, ok bool) {
	open := w.c.xfers[id] != nil
	s, isSend := w.sends[id]
	if rp, isRecv := w.recvs[id]; isRecv {
		w.dead = append(w.dead, rp)
	}
	err := w.c.TransferDone(w.now, id, ok)
	if open != (err == nil) {
		w.failf("transfer done %d: %v (open %v)", id, err, open)
	}
	w.closeID(id)
	w.log("transfer done %d ok=%v: %v", id, ok, err)
	w.after(func(m *mreq) string {
		if isSend && m.id == s.Request && ok {
			return string(kvtypes.FinishTransferred)
		}
		return "abort:" + string(kvtypes.AbortTransfer)
	})
}

// Receive behaviours.
const (
	rcvCorrect = iota
	rcvSkipPage
	rcvShortTokens
	rcvWrongRequest
	rcvWrongGen
	rcvWrongPage
	rcvBadFirst
	numRcv
)

func (w *world) receive(id kvtypes.TransferID, how, pick int) {
	rp := w.recvs[id]
	t := w.c.xfers[id]
	commit := t != nil && !t.cancelled && how == rcvCorrect
	src := w.e.expect[rp.Request]
	skip := func(i int) bool { return how == rcvSkipPage && i == pick%len(rp.Pages) }
	m := w.e.receive(rp, src, skip)
	m.First = int32(w.intn(0, w.cfg.Vocab-1))
	switch how {
	case rcvShortTokens:
		m.Tokens -= 1 + pick%rp.Tokens
	case rcvWrongRequest:
		m.Request += kvtypes.RequestID(1 + pick%3)
	case rcvWrongGen:
		m.Pages[pick%len(m.Pages)].Header.Gen++
	case rcvWrongPage:
		m.Pages[pick%len(m.Pages)].Page = kvtypes.PageID((int(m.Pages[pick%len(m.Pages)].Page) + 1 + pick%(w.cfg.Pages-1)) % w.cfg.Pages)
	case rcvBadFirst:
		m.First = int32(w.cfg.Vocab + pick%3)
	}
	// A correct receive whose pages a late writer reached first cannot commit either.
	if commit {
		for _, p := range m.Pages {
			if p.Header != (kvtypes.Header{Tenant: rp.Tenant, Request: rp.Request, Gen: p.Header.Gen, Written: true}) {
				commit = false
			}
		}
	}
	err := w.c.PagesReceived(w.now, m)
	if commit != (err == nil) {
		w.failf("pages received %d (how %d): %v, want commit %v", id, how, err, commit)
	}
	if how == rcvWrongRequest && t != nil && !t.cancelled {
		// The core could not trust the report, so it fenced the pages and cancels the transfer.
		delete(w.recvs, id)
		w.cancels = append(w.cancels, id)
	} else {
		w.closeID(id)
	}
	if !commit {
		// Late-write material: its identity is stale once the pages are freed. A committed
		// transfer's duplicate writes carry a live identity; catching those is the transport's
		// job (it writes only unwritten pages) and the checksums', not the headers'.
		w.dead = append(w.dead, rp)
	}
	w.log("pages received %d how=%d: %v", id, how, err)
	mr, first := w.reqs[rp.Request], m.First
	w.after(func(m *mreq) string {
		if m != mr {
			return ""
		}
		if !commit {
			return "abort:" + string(kvtypes.AbortTransfer)
		}
		if w.stops(m, first) {
			return string(kvtypes.FinishStop)
		}
		if m.spec.MaxTokens == 1 {
			return string(kvtypes.FinishLength)
		}
		return ""
	})
}

func (w *world) stale(pick int, done bool) {
	id := w.closed[pick%len(w.closed)]
	if w.c.xfers[id] != nil {
		return // the id is still open on the core's side (a fence): not stale
	}
	var err error
	if done {
		err = w.c.TransferDone(w.now, id, pick%2 == 0)
	} else {
		err = w.c.PagesReceived(w.now, Received{Transfer: id, Request: kvtypes.RequestID(pick)})
	}
	if !errors.Is(err, ErrUnknownTransfer) {
		w.failf("stale event on transfer %d: %v", id, err)
	}
	w.log("stale %d", id)
	w.after(none)
}

func (w *world) lateWrite(pick, page int) {
	rp := w.dead[pick%len(w.dead)]
	i := page % len(rp.Pages)
	w.e.lateWrite(rp, i, w.e.expect[rp.Request])
	w.log("late write of transfer %d onto page %d", rp.Transfer, rp.Pages[i].Page)
	w.events++ // no core event, but the next checks must hold after it
}

// drain stops arrivals and runs everything to completion: transports fail what they hold, the
// engine keeps stepping, the clock runs past every deadline. Then the pool must be whole.
func (w *world) drain() {
	for _, id := range slices.Sorted(mapsKeys(w.paused)) {
		w.resume(id)
	}
	for i := 0; ; i++ {
		if i > 10000 {
			w.failf("no drain after %d rounds: %d live, stats %+v", i, len(w.live), w.c.Stats())
		}
		if w.pending != nil {
			w.advance()
		}
		for _, id := range slices.Sorted(mapsKeys(w.sends)) {
			w.transferDone(id, i%2 == 0)
		}
		for _, id := range slices.Sorted(mapsKeys(w.recvs)) {
			w.transferDone(id, false)
		}
		for len(w.cancels) > 0 {
			w.transferDone(w.cancels[0], true)
		}
		w.ready(false)
		w.advance()
		st := w.c.Stats()
		if len(w.live) == 0 && st.PagesQuarantined == 0 && len(w.c.xfers) == 0 && !w.c.HasReady() {
			break
		}
		w.tick(100 * time.Millisecond)
	}
	w.ready(false) // deliver the last terminal events
	w.advance()
	for _, id := range w.order {
		if m := w.reqs[id]; m.done == "" {
			w.failf("r%d never got a terminal event (want %q)", id, m.want)
		}
	}
	st := w.c.Stats()
	if st.PagesOwned != 0 || st.PagesQuarantined != 0 || st.PagesCached != st.PagesIdle {
		w.failf("after drain: %+v", st)
	}
	w.c.DropCache()
	if st := w.c.Stats(); st.PagesFree != st.PagesTotal {
		w.failf("after drain and DropCache: %d of %d pages free", st.PagesFree, st.PagesTotal)
	}
	if err := w.c.Check(); err != nil {
		w.failf("after drain: %v", err)
	}
	eventsChecked.Add(int64(w.events))
}
