package core

import (
	"crypto/sha256"
	"encoding/binary"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// The prefix cache from a request's side: chain keys of its full pages, the lookup at admission
// and the registration of pages it completes. The index and verification are the ledger's.

// keyAt returns the chain key of r's full page i, extending r.keys as needed.
func (c *Core) keyAt(r *request, i int) cacheKey {
	P := c.cfg.PageTokens
	for len(r.keys) <= i {
		j := len(r.keys)
		prev := chainRoot(r)
		if j > 0 {
			prev = r.keys[j-1]
		}
		buf := c.hashBuf
		copy(buf, prev[:])
		for k, t := range r.tokens[j*P : (j+1)*P] {
			binary.LittleEndian.PutUint32(buf[len(prev)+4*k:], uint32(t))
		}
		sum := sha256.Sum256(buf)
		r.keys = append(r.keys, cacheKey(sum[:len(cacheKey{})]))
	}
	return r.keys[i]
}

// chainRoot is what r's first page key extends: its tenant's key, or for a request with an
// adapter, a hash of the tenant's key and the adapter's fingerprint, so that the adapters' chains
// (and the base model's) never meet.
func chainRoot(r *request) cacheKey {
	if r.adapter == ([32]byte{}) {
		return cacheKey(r.t.key)
	}
	h := sha256.New()
	h.Write([]byte("kvwarden lora\x00"))
	h.Write(r.t.key[:])
	h.Write(r.adapter[:])
	return cacheKey(h.Sum(nil))
}

// lookup finds the longest verified prefix of r's tokens in its tenant's cache, leaving at least
// one token to compute (its logits are needed). The hits are left in c.hits, unreferenced.
func (c *Core) lookup(r *request) int {
	c.hits = c.hits[:0]
	if c.l.index == nil || r.noCache {
		return 0
	}
	P := c.cfg.PageTokens
	var parent kvtypes.PageRef
	for i := range (len(r.tokens) - 1) / P {
		id, ok := c.l.index[c.keyAt(r, i)]
		if !ok {
			break
		}
		m := c.l.verify(id, r.t.idx, &r.adapter, parent, i > 0, r.tokens[i*P:(i+1)*P])
		if m == matchConflict {
			c.st.security++ // equal keys, different tenant or tokens: never reuse
		}
		if m != matchOK {
			break
		}
		c.hits = append(c.hits, id)
		parent = kvtypes.PageRef{Page: kvtypes.PageID(id), Gen: c.l.pages[id].gen}
	}
	return len(c.hits)
}

// CachedPrefix is how many of prompt's leading tokens tenant's prefix cache holds now under the
// adapter namespace (zero: the base model), as admission would find them: full verified pages,
// leaving at least one token to compute. It changes nothing (a conflict is counted when a request
// meets it): a decode server asks it before deciding to serve a request alone.
func (c *Core) CachedPrefix(tenant string, adapter [32]byte, prompt []int32) int {
	t := c.tenants[tenant]
	if t == nil || c.l.index == nil {
		return 0
	}
	r := &request{t: t, tokens: prompt, adapter: adapter}
	P := c.cfg.PageTokens
	var parent kvtypes.PageRef
	n := 0
	for i := range (len(prompt) - 1) / P {
		id, ok := c.l.index[c.keyAt(r, i)]
		if !ok || c.l.verify(id, t.idx, &r.adapter, parent, i > 0, prompt[i*P:(i+1)*P]) != matchOK {
			break
		}
		n++
		parent = kvtypes.PageRef{Page: kvtypes.PageID(id), Gen: c.l.pages[id].gen}
	}
	return n * P
}

// registerFull puts r's newly completed pages into the prefix cache. A page another request of the
// tenant already cached (same verified prefix) replaces r's copy, which is freed.
func (c *Core) registerFull(r *request) {
	if c.l.index == nil || r.noCache {
		return
	}
	P := c.cfg.PageTokens
	for full := r.computed / P; r.cached < full; r.cached++ {
		i := r.cached
		own := r.pages[i]
		toks := r.tokens[i*P : (i+1)*P]
		key := c.keyAt(r, i)
		var parent kvtypes.PageRef
		if i > 0 {
			parent = r.pages[i-1]
		}
		if id, dup := c.l.index[key]; dup {
			switch c.l.verify(id, r.t.idx, &r.adapter, parent, i > 0, toks) {
			case matchOK:
				c.l.ref(id)
				r.pages[i] = kvtypes.PageRef{Page: kvtypes.PageID(id), Gen: c.l.pages[id].gen}
				c.freePage(int32(own.Page))
				continue
			case matchOrphan:
				// Its parent left the index (evicted or withdrawn), so no lookup can reach it:
				// withdraw it and index ours. Readers still holding it keep it until they let go.
				if c.l.withdraw(id) {
					c.st.evictions++
					c.freePage(id)
				}
			default:
				c.st.security++
				r.noCache = true
				return
			}
		}
		if p := &c.l.pages[own.Page]; p.state != pageOwned || p.owner != r.id {
			c.bug("registering a page the request does not own")
			r.noCache = true
			return
		}
		c.l.register(int32(own.Page), key, &r.adapter, parent, i > 0, toks)
	}
}
