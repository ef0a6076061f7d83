// Package console is the operator console: one self-contained page on the operator listener
// (GET /console) and a server-sent-events stream of JSON snapshots (GET /console/events) showing
// the KV pool page by page (or group by group), every tenant's load against its limits, and the
// defences as they fire, on one process or on every node of a disaggregated deployment.
//
// A snapshot names tenants only as /metrics already does (the configured name, once /metrics has
// a series for it) and pages only by their owner's key hash (kvwarden's TenantKey prefix, a keyed
// hash of the tenant's UID), and LoRA adapters only by a hash of their names: no prompt, output,
// UID, API key, adapter name or adapter weights ever reaches it.
package console

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"maps"
	"sync"
	"time"

	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// Pages counts a pool's pages by what an operator asks of them: held by running requests, kept
// for reuse, or free.
type Pages struct {
	Total int `json:"total"`
	Free  int `json:"free"`
	// Owned is the pages running requests hold: in their page tables, whether written by them
	// alone or also entered in their tenant's prefix cache (a request's full pages are cached as
	// it writes them).
	Owned int `json:"owned"`
	// Cached is the prefix-cache pages no request holds: kept for reuse, evicted when the pool
	// runs short.
	Cached      int `json:"cached"`
	Quarantined int `json:"quarantined"`
}

// pagesOf classifies an engine's pages. Its ledger counts a cached page as cached whoever holds
// it, so the running requests' cached pages are taken from Cached (all but the idle ones) and
// counted as owned.
func pagesOf(st engine.Stats) Pages {
	return Pages{Total: st.PagesTotal, Free: st.PagesFree, Owned: st.PagesOwned + st.PagesCached - st.PagesIdle,
		Cached: st.PagesIdle, Quarantined: st.PagesQuarantined}
}

func (p *Pages) add(q Pages) {
	p.Total += q.Total
	p.Free += q.Free
	p.Owned += q.Owned
	p.Cached += q.Cached
	p.Quarantined += q.Quarantined
}

// PageMap is a pool drawn as cells of PagesPerCell consecutive pages (core.PageMap).
type PageMap struct {
	PagesPerCell int `json:"pages_per_cell"`
	// States holds one letter per cell: f free, o owned (held by a running request), c cached
	// (kept for reuse), q quarantined (any of the cell's pages quarantined).
	States string  `json:"states"`
	Owners []int32 `json:"owners"` // per cell: index in Keys of its main owner, or -1
	// Used is each cell's count of pages not free, when a cell groups several pages.
	Used []int32  `json:"used,omitempty"`
	Keys []string `json:"keys"` // owner key hashes
}

// Transfers is a node's KV hand-offs.
type Transfers struct {
	InFlight  int               `json:"in_flight"`
	Sent      uint64            `json:"sent"`       // committed sends (a prefill node's)
	SentPages uint64            `json:"sent_pages"` // their pages
	Failures  map[string]uint64 `json:"failures"`   // by the check that failed (kvwarden_transfer_failures_total)
}

// Node is one engine's pool and work: the process itself, or one node of a cluster.
type Node struct {
	Name         string    `json:"name"` // "local", or the node's address
	Role         string    `json:"role"` // single, prefill or decode
	Healthy      bool      `json:"healthy"`
	Error        string    `json:"error,omitempty"` // why the router could not read it
	Pages        Pages     `json:"pages"`
	Map          PageMap   `json:"map"`
	Waiting      int       `json:"waiting"`
	Running      int       `json:"running"`
	Transferring int       `json:"transferring"`
	Transfers    Transfers `json:"transfers"`
	// Counters are the node's cumulative security and defence counts by event kind (see
	// CountersOf); the console's events are their increases.
	Counters map[string]uint64 `json:"counters"`
}

// NodeTenant is one tenant's load on one node. UID is the server's tenant id: it travels from a
// node to its router (as it does in every job) so the router can join its own tenants table, and
// never reaches a browser.
type NodeTenant struct {
	UID          string `json:"uid"`
	Key          string `json:"key"`
	Waiting      int    `json:"waiting"`
	Running      int    `json:"running"`
	Transferring int    `json:"transferring"`
	Pages        int    `json:"pages"`
}

// NodeReport is what a node reports to a console: its Node and its tenants' loads.
type NodeReport struct {
	Node
	Tenants []NodeTenant `json:"tenants"`
}

// Tenant is one row of the console's tenants table.
type Tenant struct {
	// Name is the tenant's configured name, as kvwarden_tenant_* labels it, once /metrics has a
	// series for it; empty before (the row is then known by Key only).
	Name         string `json:"name,omitempty"`
	Key          string `json:"key"`
	Waiting      int    `json:"waiting"`
	Running      int    `json:"running"`
	Transferring int    `json:"transferring"`
	Pages        int    `json:"pages"`
	// Active is the generation requests open against MaxConcurrent (0: no limit).
	Active        int `json:"active"`
	MaxConcurrent int `json:"max_concurrent"`
	// TokensReserved is what the token bucket has given out and not yet refilled, against
	// TokensPerMinute (0: no limit).
	TokensReserved   int    `json:"tokens_reserved"`
	TokensPerMinute  int    `json:"tokens_per_minute"`
	PromptTokens     uint64 `json:"prompt_tokens"`
	CompletionTokens uint64 `json:"completion_tokens"`
}

// Event is one increase of a node's counter (a defence firing, a failed check, pages
// quarantined), as the console first saw it.
type Event struct {
	Time  time.Time `json:"time"`
	Node  string    `json:"node"`
	Kind  string    `json:"kind"` // a Counters key
	Count uint64    `json:"count"`
}

// Snapshot is one message of /console/events.
type Snapshot struct {
	Seq        uint64    `json:"seq"`
	Time       time.Time `json:"time"`
	Role       string    `json:"role"` // single or router
	IntervalMS int64     `json:"interval_ms"`
	Pages      Pages     `json:"pages"` // the healthy nodes' sum
	Nodes      []Node    `json:"nodes"`
	Tenants    []Tenant  `json:"tenants"`
	// Adapters are the LoRA adapters served (serve --lora) and their load, where the engine counts
	// it (a single process, a node's own API, a router).
	Adapters []Adapter `json:"adapters,omitempty"`
	Events   []Event   `json:"events"` // the most recent, oldest first
}

// Adapter is one row of the console's LoRA adapters table. An adapter is named by AdapterHash of
// its name only: a tenant's private adapter's name may say what it is for ("acme-merger-docs"),
// and a console is watched and screenshotted beyond its operator; its weights and fingerprint
// never reach a snapshot.
type Adapter struct {
	Hash    string `json:"hash"`
	Running int    `json:"running"`
	Waiting int    `json:"waiting"`
}

// AdapterHash is how the console names an adapter: the first 12 hex digits of an HMAC-SHA256 of
// its name under this process's adapterKey. An unkeyed hash of a short name is a dictionary away
// from the name; this one no viewer can compute, its operator finds it in the server's log (the
// server logs each adapter's hash as it loads it), and it is stable while the process runs.
func AdapterHash(name string) string {
	h := hmac.New(sha256.New, adapterKey())
	h.Write([]byte(name))
	return hex.EncodeToString(h.Sum(nil)[:6])
}

// adapterKey is the process's key of AdapterHash, drawn at its first use and never shown, as the
// operator listener's key of shadow digests is.
var adapterKey = sync.OnceValue(func() []byte {
	k := make([]byte, 32)
	rand.Read(k) // never fails (crypto/rand)
	return k
})

// CountersOf names an engine's security and defence counters, the console's event kinds. A new
// defence or check plugs in here (and its events, table row and colour follow): for example
// "shadow.mismatch" once the engine counts shadow verification mismatches.
func CountersOf(st engine.Stats) map[string]uint64 {
	c := map[string]uint64{
		"quarantines":       st.Quarantines,
		"security_events":   st.SecurityEvents,
		"fence_timeouts":    st.FenceTimeouts,
		"stale_events":      st.StaleEvents,
		"aborted.isolation": st.Aborted[kvtypes.AbortIsolation],
		"aborted.transfer":  st.Aborted[kvtypes.AbortTransfer],
		"transfers.sent":    st.Sent.Transfers,
	}
	for _, d := range kvtypes.Defences {
		c["defence."+string(d)] = st.Defences[d]
	}
	for k, n := range st.TransferFailures {
		c["transfer_failure."+k] = n
	}
	return c
}

// EngineReporter reports one engine, reusing its buffers from one report to the next.
type EngineReporter struct {
	name, role string
	e          *engine.Engine

	mu    sync.Mutex
	pm    core.PageMap
	loads []core.TenantLoad
	// The map is walked again only mapShare times the last walk's time after it (at most
	// mapStale), so that on a huge pool (2.5 ms a million pages) the walks take about 1/mapShare
	// of one core however many snapshots are asked for; the totals, from Stats, are fresh in
	// every report.
	mapAt   time.Time
	mapWait time.Duration
	mapOut  PageMap
}

const (
	mapShare = 200
	mapStale = 2 * time.Second
)

// NewEngineReporter reports e under name and role.
func NewEngineReporter(name, role string, e *engine.Engine) *EngineReporter {
	return &EngineReporter{name: name, role: role, e: e}
}

// Report builds e's NodeReport with at most cells cells in its map.
func (r *EngineReporter) Report(cells int) NodeReport {
	r.mu.Lock()
	defer r.mu.Unlock()
	st, loads := r.e.ConsoleView(r.loads)
	r.loads = loads
	if now := time.Now(); r.mapAt.IsZero() || now.Sub(r.mapAt) >= r.mapWait || len(r.pm.States) > cells {
		r.e.PageView().Group(cells, &r.pm)
		r.mapAt, r.mapWait = now, min(mapStale, mapShare*time.Since(now))
		r.mapOut = mapOf(&r.pm)
	}
	n := NodeReport{Node: Node{
		Name: r.name, Role: r.role, Healthy: true,
		Pages:   pagesOf(st),
		Map:     r.mapOut,
		Waiting: st.Waiting, Running: st.Running, Transferring: st.Transferring,
		Transfers: Transfers{InFlight: st.Transferring, Sent: st.Sent.Transfers, SentPages: st.Sent.Pages,
			Failures: maps.Clone(st.TransferFailures)},
		Counters: CountersOf(st),
	}}
	for i, tl := range loads {
		pages := 0
		if i < len(r.pm.TenantPages) {
			pages = r.pm.TenantPages[i]
		}
		n.Tenants = append(n.Tenants, NodeTenant{UID: tl.Tenant, Key: tl.Key.String(), Waiting: tl.Waiting,
			Running: tl.Running, Transferring: tl.Transferring, Pages: pages})
	}
	return n
}

// KeyHash is how the console names a tenant's pages: its TenantKey's short form.
func KeyHash(k kvtypes.TenantKey) string { return k.String() }

func mapOf(pm *core.PageMap) PageMap {
	m := PageMap{PagesPerCell: pm.PagesPerCell, States: string(pm.States), Owners: append([]int32(nil), pm.Owners...),
		Keys: make([]string, len(pm.Keys))}
	if pm.PagesPerCell > 1 {
		m.Used = append([]int32(nil), pm.Used...)
	}
	for i, k := range pm.Keys {
		m.Keys[i] = KeyHash(k)
	}
	return m
}

// Cluster is an engine made of nodes (a router): it gathers each node's report, with at most
// cells cells for all the maps together.
type Cluster interface {
	ConsoleReports(cells int) []NodeReport
}

// NodeSnapshot is a node's own console (its operator listener): its pool, and its tenants known
// by key only, since a node never learns tenants' names.
func NodeSnapshot(rep NodeReport) Snapshot {
	snap := Snapshot{Role: rep.Role, Nodes: []Node{rep.Node}, Pages: rep.Pages}
	for _, t := range rep.Tenants {
		if t.Waiting+t.Running+t.Transferring+t.Pages > 0 {
			snap.Tenants = append(snap.Tenants, Tenant{Key: t.Key, Waiting: t.Waiting, Running: t.Running,
				Transferring: t.Transferring, Pages: t.Pages})
		}
	}
	return snap
}
