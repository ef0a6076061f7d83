// Package kvtypes is kvwarden's shared vocabulary: the identities of pages, requests, tenants and
// transfers, the page header that binds them, and the reasons a request is refused or ends.
//
// The isolation core (which decides), the KV page pool (which stamps and checks headers), the
// model (which reads pages), the engine (which executes the core's plans) and the node-to-node
// transport all use these types unconverted, as etcd's raftpb is used by raft, the application and
// the transport alike: a value crosses a package line as it is, so no copy can fall out of step
// with another. The package imports nothing of the project and holds no policy.
package kvtypes

import (
	"encoding/hex"
	"fmt"
)

// RequestID names one admitted request. The core issues them; they are never reused within a
// core's life.
type RequestID uint64

// PageID is the index of a page in the pool, 0 ≤ id < the number of pages.
type PageID int32

// TransferID names one KV hand-off. The core issues them (never the client or the peer) and binds
// each to a request, its tenant and the request's page lifetime; they are unique within a core.
type TransferID uint64

// TenantKey is the server-side identity of a tenant: HMAC-SHA256(secret, tenant id), truncated.
// It is what page headers carry and what seeds the tenant's prefix-cache keys, so a tenant's
// name alone (known to clients) never forms a key.
type TenantKey [16]byte

// String shows a prefix only: enough to tell tenants apart in a log, never the whole key.
func (k TenantKey) String() string { return hex.EncodeToString(k[:4]) }

// PageRef is one page of one lifetime: Gen is the page's generation when it was handed out, so a
// reference kept past a free (a late writer, a stale table) no longer matches the header. A
// sequence's page table is a list of them: entry i holds positions [i*PageTokens, (i+1)*PageTokens).
type PageRef struct {
	Page PageID
	Gen  uint32
}

// Header is what the executor writes at the head of a page and checks before any read. The zero
// Header is invalid (generations start at 1).
//
// A reader of sequence s accepts page ref r only when Written && Tenant == s.Tenant && Gen == r.Gen.
// Request names the request that wrote the page; a cached page keeps the writer's name, so readers
// do not compare it, but a hand-off commit does.
type Header struct {
	Tenant  TenantKey
	Request RequestID
	Gen     uint32
	// Written is false on pages reserved for an incoming transfer until the transport has written
	// their contents; such pages must never be read.
	Written bool
}

func (h Header) String() string {
	if h == (Header{}) {
		return "invalid"
	}
	w := "written"
	if !h.Written {
		w = "unwritten"
	}
	return fmt.Sprintf("t%s/r%d/g%d/%s", h.Tenant, h.Request, h.Gen, w)
}

// FinishReason is why a request completed normally. Aborted requests never carry one, so an
// abort can never be reported as "length" or "stop".
type FinishReason string

const (
	FinishStop        FinishReason = "stop"        // an end-of-generation or stop token was sampled
	FinishLength      FinishReason = "length"      // max_tokens reached
	FinishTransferred FinishReason = "transferred" // prefill node: the decode node has the KV
	// FinishCacheThreshold: a decode server's prefix cache held less of the prompt than the
	// request's cache_hit_threshold, so nothing was computed (llm-d's decode-first).
	FinishCacheThreshold FinishReason = "cache_threshold"
)

// AbortReason is why an admitted request could not complete.
type AbortReason string

const (
	AbortCancelled AbortReason = "cancelled" // client went away
	AbortDeadline  AbortReason = "deadline"  // stuck in a state past its deadline
	AbortInternal  AbortReason = "internal"  // the engine failed the step, or a core bug
	AbortIsolation AbortReason = "isolation" // a page header check failed
	AbortShutdown  AbortReason = "shutdown"
	AbortTransfer  AbortReason = "transfer"  // the KV hand-off failed or did not reconcile
	AbortNodeLost  AbortReason = "node_lost" // a router lost the node serving the request; retry
	// AbortConstraint: no token could continue the request's structured output within the
	// grammar's bounds. The request's schema caused it, not the engine.
	AbortConstraint AbortReason = "constraint"
)

// Known reports whether r is one of the reasons above that a core aborts with (AbortNodeLost is
// the router's alone).
func (r AbortReason) Known() bool {
	switch r {
	case AbortCancelled, AbortDeadline, AbortInternal, AbortIsolation, AbortShutdown, AbortTransfer, AbortConstraint:
		return true
	}
	return false
}

// RejectReason names why admission refused a request, before it held anything.
type RejectReason string

const (
	RejectContextLength RejectReason = "context_length" // prompt + max_tokens over the advertised context
	RejectPoolCapacity  RejectReason = "pool_capacity"  // more KV than the physical pool can ever hold
	RejectOverloaded    RejectReason = "overloaded"     // queue full; retry later
	RejectInvalid       RejectReason = "invalid"        // empty prompt, bad token ids, bad parameters
	RejectShuttingDown  RejectReason = "shutting_down"
	// RejectHandoff: kv_transfer_params a decode or prefill server cannot trust or honour (a
	// forged, replayed, expired or foreign ticket); nothing was reserved or pulled.
	RejectHandoff RejectReason = "kv_transfer"
	// RejectUnknownModel: no node serves the request's LoRA adapter (any more: a node reloaded
	// without it). The API server answers it as a model that does not exist.
	RejectUnknownModel RejectReason = "model_not_found"
)

// Defence names one of the incident's defences (shared/ISOLATION.md, "Defense in depth"); a
// request a defence stopped is counted under its name in the security metrics.
type Defence string

const (
	DefenceGate      Defence = "gate"      // start-up: advertised context ≤ the pool
	DefenceAdmission Defence = "admission" // a request the pool cannot hold is rejected, holding nothing
	DefenceState     Defence = "state"     // an abort is the request's one state, never a side note
	DefenceReconcile Defence = "reconcile" // decode starts only when tokens written = tokens reserved
	DefenceChecksum  Defence = "checksum"  // every page read verifies against what its writer sent
	DefenceHeader    Defence = "header"    // every page read matches its owner/generation/written header
	DefenceRelease   Defence = "release"   // pages freed only after quiescence, in a new generation
)

// Defences lists every defence, in the order of the incident's chain.
var Defences = [...]Defence{DefenceGate, DefenceAdmission, DefenceState, DefenceReconcile, DefenceChecksum, DefenceHeader, DefenceRelease}
