package core

import (
	"fmt"

	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// State is a request's one and only lifecycle state. Finished and Aborted are absorbing.
//
//	Local:       Waiting → Admitted → Prefilling → Decoding → Finished
//	PrefillOnly: Waiting → Admitted → Prefilling → Transferring → Finished("transferred")
//	DecodeOnly:  Waiting → Admitted → Transferring → Decoding → Finished
//
// Prefilling and Decoding may fall back to Waiting (preempted, recomputed later); every
// non-terminal state may move to Aborted. Nothing else is legal.
type State uint8

const (
	Waiting      State = iota + 1 // queued; holds nothing
	Admitted                      // given its first pages; moves on within the same Ready
	Prefilling                    // computing its prompt (and, after a preemption, its outputs) in chunks
	Transferring                  // KV hand-off in progress (sending, or waiting to receive)
	Decoding                      // one token per step
	Finished                      // completed: FinishReason says how
	Aborted                       // ended otherwise: AbortReason says why
	numStates
)

var stateNames = [...]string{"unknown", "waiting", "admitted", "prefilling", "transferring", "decoding", "finished", "aborted"}

func (s State) String() string {
	if int(s) < len(stateNames) {
		return stateNames[s]
	}
	return fmt.Sprintf("state(%d)", uint8(s))
}

// Terminal reports whether s is absorbing.
func (s State) Terminal() bool { return s == Finished || s == Aborted }

// Mode says which part of a request's life runs on this node.
type Mode uint8

const (
	Local       Mode = iota // prefill and decode here
	PrefillOnly             // prefill here, then send the prompt's KV to a decode node
	DecodeOnly              // receive the prompt's KV from a prefill node, then decode here
)

var modeNames = [...]string{"local", "prefill", "decode"}

func (m Mode) String() string {
	if int(m) < len(modeNames) {
		return modeNames[m]
	}
	return fmt.Sprintf("mode(%d)", uint8(m))
}

// RequestSpec is a request as submitted. The core copies what it keeps.
type RequestSpec struct {
	Tenant     string // server-side tenant id; empty is refused, never a shared default
	Prompt     []int32
	MaxTokens  int
	StopTokens []int32 // end generation with finish reason "stop", like Config.EOS
	IgnoreEOS  bool    // Config.EOS do not end generation (StopTokens still do)
	// NoPrefixCache computes every prompt position (no lookup, nothing registered): a request
	// that scores its prompt needs the logits of every position, and cached ones have none.
	NoPrefixCache bool
	Mode          Mode
	// Shadow marks a shadow verification's reference run (engine/shadow.go): its refusal is the
	// verifier's finding, not a client's, so it is not counted, and the incident-replay build's
	// admission rewrite leaves it alone, since it is the honest computation an answer is held to.
	Shadow bool
	// Weight is the tenant's share of admissions, step slots and step tokens relative to other
	// tenants with work (0 means 1; at most MaxWeight). The latest request's weight holds.
	Weight int
	// Adapter identifies the LoRA adapter the request runs with, zero for the base model (the
	// engine passes a hash of the adapter file's fingerprint and the request's scale). KV computed
	// under one adapter differs from any other's, so the prefix cache is keyed and verified by it
	// as well as by the tenant: no page is reused across adapters, or between an adapter and the
	// base model.
	Adapter [32]byte
	// Speculate lets the request's decodes carry draft tokens (speculate.go) when Config.SpecTokens
	// allows: the engine sets it for requests whose every token it can verify against its own
	// sampler's draw.
	Speculate bool
}

// MaxWeight bounds RequestSpec.Weight.
const MaxWeight = 1000

// Reservation is the proof of admission: only an admitted request gets an id and can ever reach
// the page allocator. Tokens is the most KV it may hold (prompt + max_tokens).
type Reservation struct {
	ID     kvtypes.RequestID
	Tenant kvtypes.TenantKey
	Tokens int
}

// Rejection is returned by Submit when a request is refused before it holds anything. It has no
// id and no state: a rejected request does not exist as far as the rest of the core is concerned.
type Rejection struct {
	Reason  kvtypes.RejectReason
	Message string // the exact numbers, e.g. "prompt 900 + max_tokens 200 = 1100 > context 1024"
}

func (r *Rejection) Error() string { return fmt.Sprintf("%s: %s", r.Reason, r.Message) }

// Stamp tells the executor to write Header on Page (after this Ready's invalidations).
type Stamp struct {
	Page   kvtypes.PageID
	Header kvtypes.Header
}

// Seq is one sequence in a step's batch.
type Seq struct {
	Request kvtypes.RequestID
	Tenant  kvtypes.TenantKey
	Start   int               // position of Tokens[0]; Tokens[i] sits at Start+i
	Tokens  []int32           // token ids to feed
	Pages   []kvtypes.PageRef // page table covering positions [0, Start+len(Tokens))
	Logits  bool              // sample a token from the last fed position
	// Draft is how many of Tokens' last entries are draft tokens (speculate.go): the engine
	// computes the logits of the last Draft+1 positions and reports in SeqResult.Accepted how
	// many drafts its sampler drew in turn, and in Token the draw after them.
	Draft int
}

// SendPages asks the transport (prefill side) to send a request's prompt KV. Before reading a page
// the sender checks its header against (Tenant, Pages[i].Gen); it answers with TransferDone.
type SendPages struct {
	Transfer kvtypes.TransferID
	Request  kvtypes.RequestID
	Tenant   kvtypes.TenantKey
	Pages    []kvtypes.PageRef
	Tokens   int   // positions [0, Tokens) are sent
	First    int32 // the token sampled after the prompt, for the decode node
	Cached   int   // prompt tokens the tenant's prefix cache served, for usage
}

// ReceivePages asks the transport (decode side) to fill reserved pages. The pages are stamped
// unwritten with this request's identity; the writer checks that before writing, writes, and marks
// the header written. It answers with PagesReceived (or TransferDone(false) on failure).
type ReceivePages struct {
	Transfer kvtypes.TransferID
	Request  kvtypes.RequestID
	Tenant   kvtypes.TenantKey
	Pages    []kvtypes.PageRef
	Tokens   int
}

// WrittenPage is what the receiving transport read back from a page it wrote.
type WrittenPage struct {
	Page   kvtypes.PageID
	Header kvtypes.Header
}

// Received is the receiving transport's final report on a transfer.
type Received struct {
	Transfer kvtypes.TransferID
	Request  kvtypes.RequestID // as the sender named it; must match the transfer's binding
	Tokens   int               // tokens the sender says it sent
	// First is the token the prefill node sampled after the prompt: the decode node's first
	// output and the first token it feeds. It travels with the pages because the decode node
	// reserves them before the prefill runs.
	First int32
	Pages []WrittenPage // in page-table order
}

// Emit is one output token to stream.
type Emit struct {
	Request kvtypes.RequestID
	Token   int32
	Index   int // 0-based index in the request's output
	// Slot is the index in the previous Ready's Batch whose step sampled the token (so the engine
	// can attach that step's logprobs), or -1 for a token that arrived with a transfer.
	Slot int
	// Row is the token's place among those its step's sequence produced: 0, or up to Seq.Draft
	// for a speculative step (the logits row it was drawn from).
	Row int
}

// Terminal is the one terminal event of a request: exactly one of Finish and Abort is set.
type Terminal struct {
	Request   kvtypes.RequestID
	Finish    kvtypes.FinishReason
	Abort     kvtypes.AbortReason
	Message   string
	Defence   kvtypes.Defence // the defence that stopped the request, when one did
	Generated int             // output tokens emitted before the end
	Cached    int             // prompt tokens its first admission found in its tenant's prefix cache
}

// Ready is one step's plan. Execute it in this order: stream Emit and Done; Invalidate; Stamp;
// Cancel, Send, Receive; run Batch; then call Advance.
type Ready struct {
	Emit       []Emit
	Done       []Terminal
	Invalidate []kvtypes.PageID // invalidate and scrub these headers (scrub mode is the executor's)
	Stamp      []Stamp
	Cancel     []kvtypes.TransferID // stop these transfers, then answer each with TransferDone
	Send       []SendPages
	Receive    []ReceivePages
	Batch      []Seq
}

// Empty reports whether the plan asks for nothing; the engine may then wait for an event.
func (r *Ready) Empty() bool {
	return len(r.Emit)+len(r.Done)+len(r.Invalidate)+len(r.Stamp)+len(r.Cancel)+len(r.Send)+
		len(r.Receive)+len(r.Batch) == 0
}

// StepResult is the engine's report on a Ready's batch.
type StepResult struct {
	Seqs []SeqResult // one per Ready.Batch entry, in order
	Err  error       // the whole step failed: every sequence in it is aborted ("internal")
	// SpecCost, when set, is what speculative decoding costs as the engine has measured it so far
	// (speccost.go); the core copies it.
	SpecCost *SpecCost
}

// SeqResult is the outcome of one sequence of a step.
type SeqResult struct {
	Token     int32 // the sampled token, when the Seq asked for logits
	Violation bool  // a page header did not match: the request is aborted ("isolation")
	// Defence is the check that found the violation; empty means the page header check.
	Defence kvtypes.Defence
	// Accepted is, for a Seq with a Draft, how many of its draft tokens the sampler drew in turn
	// (0 to Draft); Token is then the draw after the last accepted one.
	Accepted int
	// Confident says the model drew Token with a probability high enough for a draft model to
	// draft after it (SpecEngineDrafts only; the engine decides the bar).
	Confident bool
}
