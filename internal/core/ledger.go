package core

import (
	"github.com/kvwarden/kvwarden/internal/faults"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// The page ledger.
//
// Every page is in exactly one of four states, and the counts always add up to the pool:
//
//	free         on the free stack; its header is invalid
//	owned        in exactly one live request's page table, written only by that request
//	cached       in one tenant's prefix cache, full and read-only; refs counts the page tables
//	             (and fences) holding it; refs == 0 puts it on the idle LRU, from which it may be
//	             evicted when the pool runs short
//	quarantined  taken from a request that ended while a step or a transfer might still touch it;
//	             it becomes free when that fence completes or times out
//
// Every move to free bumps the page's generation. A header names a generation, so anything written
// for an older lifetime (a late transfer write, a step that outlived its request) cannot pass a
// reader's check in the next lifetime.
//
// The prefix cache indexes cached pages by a chain key: key(i) = SHA-256(key(i-1) ‖ tokens of page
// i), truncated, with key(-1) the tenant's HMAC key. A hit is then verified exactly: same tenant,
// same parent page (so the same position), same token ids. The hash only finds candidates; what is
// reused is proven to be the tenant's own prefix.

const noPage = -1

type pageState uint8

const (
	pageFree pageState = iota
	pageOwned
	pageCached
	pageQuarantined
	numPageStates
)

var pageStateNames = [...]string{"free", "owned", "cached", "quarantined"}

func (s pageState) String() string { return pageStateNames[s] }

type cacheKey [16]byte

type page struct {
	owner     kvtypes.RequestID // owned/quarantined: the holder; cached: the request that wrote it
	key       cacheKey          // cached
	adapter   [32]byte          // cached: the fingerprint of the adapter its KV was computed under
	gen       uint32
	tenant    int32 // owned, cached, quarantined; -1 when free
	refs      int32 // cached
	parent    int32 // cached: the previous page of the prefix, or noPage
	parentGen uint32
	prev      int32 // idle LRU links (cached with refs == 0)
	next      int32
	state     pageState
	// doomed: cached but withdrawn from the index (a reader found a bad header on one of its
	// request's pages); it is freed when its last holder lets go instead of going idle.
	doomed bool
}

type ledger struct {
	pages  []page
	view   *PageView // what the console reads without the engine's lock
	ptoks  int
	toks   []int32 // cached pages' token ids, ptoks per page; nil without a prefix cache
	free   []int32 // stack: the most recently freed page is reused first
	count  [numPageStates]int
	index  map[cacheKey]int32
	lruNew int32 // most recently idle
	lruOld int32 // evicted first
	lruLen int
}

func newLedger(n, ptoks int, cache bool) ledger {
	l := ledger{pages: make([]page, n), ptoks: ptoks, free: make([]int32, n), lruNew: noPage, lruOld: noPage, view: newPageView(n)}
	for i := range l.pages {
		l.pages[i] = page{gen: 1, tenant: -1, parent: noPage, prev: noPage, next: noPage}
		l.free[i] = int32(n - 1 - i) // page 0 is handed out first: easier to read in scenarios
	}
	l.count[pageFree] = n
	if cache {
		l.toks = make([]int32, n*ptoks)
		l.index = make(map[cacheKey]int32)
	}
	return l
}

func (l *ledger) set(id int32, s pageState) {
	p := &l.pages[id]
	l.count[p.state]--
	l.count[s]++
	p.state = s
	l.view.publish(id, p)
}

// available is how many pages an allocation could get now: free ones plus idle cached ones that
// may be evicted.
func (l *ledger) available() int { return len(l.free) + l.lruLen }

func (l *ledger) alloc(tenant int32, owner kvtypes.RequestID) (kvtypes.PageRef, bool) {
	n := len(l.free)
	if n == 0 {
		return kvtypes.PageRef{}, false
	}
	id := l.free[n-1]
	l.free = l.free[:n-1]
	p := &l.pages[id]
	p.tenant, p.owner = tenant, owner // before set, which publishes the owner with the state
	l.set(id, pageOwned)
	return kvtypes.PageRef{Page: kvtypes.PageID(id), Gen: p.gen}, true
}

// release frees an owned, quarantined or idle cached page: a new lifetime begins.
func (l *ledger) release(id int32) {
	p := &l.pages[id]
	if p.state == pageCached && !p.doomed {
		l.lruRemove(id)
		delete(l.index, p.key)
	}
	l.set(id, pageFree)
	if !faults.ReleaseAtOnce {
		p.gen++
		if p.gen == 0 { // skip 0 so the zero Header never matches
			p.gen = 1
		}
	}
	p.tenant, p.owner, p.refs, p.parent, p.parentGen, p.doomed = -1, 0, 0, noPage, 0, false
	p.adapter = [32]byte{}
	l.free = append(l.free, id)
}

// register moves a full owned page into the cache, referenced once (by its writer).
func (l *ledger) register(id int32, key cacheKey, adapter *[32]byte, parent kvtypes.PageRef, parentOK bool, toks []int32) {
	p := &l.pages[id]
	p.key, p.adapter, p.refs = key, *adapter, 1 // before set, which publishes the page as held
	l.set(id, pageCached)
	p.parent, p.parentGen = noPage, 0
	if parentOK {
		p.parent, p.parentGen = int32(parent.Page), parent.Gen
	}
	copy(l.toks[int(id)*l.ptoks:], toks)
	l.index[key] = id
}

type match uint8

const (
	matchOK       match = iota
	matchOrphan         // same key, but its parent is gone: a stale entry, not a collision
	matchConflict       // same key, different tenant, adapter or tokens: a hash collision or a bug
)

// verify proves a cached candidate is exactly page i of this tenant's prefix under this adapter:
// it follows the same parent page (hence the same position) and holds the same tokens.
func (l *ledger) verify(id int32, tenant int32, adapter *[32]byte, parent kvtypes.PageRef, parentOK bool, toks []int32) match {
	p := &l.pages[id]
	if p.state != pageCached || p.tenant != tenant || p.adapter != *adapter {
		return matchConflict
	}
	own := l.toks[int(id)*l.ptoks : int(id+1)*l.ptoks]
	for i, t := range toks {
		if own[i] != t {
			return matchConflict
		}
	}
	want, wantGen := int32(noPage), uint32(0)
	if parentOK {
		want, wantGen = int32(parent.Page), parent.Gen
	}
	if p.parent != want || p.parentGen != wantGen {
		return matchOrphan
	}
	return matchOK
}

func (l *ledger) ref(id int32) {
	p := &l.pages[id]
	if p.refs == 0 {
		l.lruRemove(id)
	}
	p.refs++
	if p.refs == 1 {
		l.view.publish(id, p) // held again: in use
	}
}

type unrefResult uint8

const (
	unrefHeld  unrefResult = iota // still referenced, or now idle in the cache
	unrefFree                     // doomed and unreferenced: the caller frees it
	unrefUnder                    // the count would go negative: a bug the caller reports
)

// unref drops one holder; an unreferenced cached page becomes idle (evictable).
func (l *ledger) unref(id int32) unrefResult {
	p := &l.pages[id]
	if p.refs <= 0 {
		return unrefUnder
	}
	p.refs--
	if p.refs == 0 {
		l.view.publish(id, p) // no holder left: cached for reuse
		if p.doomed {
			return unrefFree
		}
		l.lruPush(id)
	}
	return unrefHeld
}

// withdraw takes a cached page out of the index so no request can hit it again. It reports
// whether the page is unreferenced and so must be freed now.
func (l *ledger) withdraw(id int32) bool {
	p := &l.pages[id]
	if p.state != pageCached || p.doomed {
		return false
	}
	delete(l.index, p.key)
	p.doomed = true
	if p.refs == 0 {
		l.lruRemove(id)
		return true
	}
	return false
}

func (l *ledger) lruPush(id int32) {
	p := &l.pages[id]
	p.prev, p.next = noPage, l.lruNew
	if l.lruNew != noPage {
		l.pages[l.lruNew].prev = id
	} else {
		l.lruOld = id
	}
	l.lruNew = id
	l.lruLen++
}

func (l *ledger) lruRemove(id int32) {
	p := &l.pages[id]
	if p.prev != noPage {
		l.pages[p.prev].next = p.next
	} else {
		l.lruNew = p.next
	}
	if p.next != noPage {
		l.pages[p.next].prev = p.prev
	} else {
		l.lruOld = p.prev
	}
	p.prev, p.next = noPage, noPage
	l.lruLen--
}

// evictable returns the least recently idle cached page, or noPage.
func (l *ledger) evictable() int32 { return l.lruOld }
