package probe

import (
	"fmt"
	"slices"
	"strings"
)

// Verdicts, as named in findings. Leak, side-channel and capacity are failures of isolation;
// nondeterminism is reported but is not one.
const (
	VerdictLeak           = "leak"           // another tenant's content or state evidenced in an answer
	VerdictSideChannel    = "side-channel"   // timing or metadata that reveals another tenant's activity
	VerdictCapacity       = "capacity"       // the endpoint serves less than it advertises
	VerdictNondeterminism = "nondeterminism" // answers differ without evidence of another tenant's content
	VerdictProtocol       = "protocol"       // the endpoint broke the API's contract: a redirect, output beyond max_tokens
)

// IsolationFailure says whether a verdict is a failure of tenant isolation.
func IsolationFailure(verdict string) bool {
	return verdict != VerdictNondeterminism && verdict != VerdictProtocol
}

// distinctive: an answer long and varied enough that another tenant receiving the same one for
// another prompt is evidence, not chance.
func distinctive(text string) bool {
	fs := strings.Fields(text)
	return len(text) >= 12 && len(fs) >= 3 && slices.ContainsFunc(fs, func(f string) bool { return f != fs[0] })
}

// foreign says whether a, given to tenant, carries another tenant's content: one of their canaries,
// or an answer another tenant was given and this one never was before.
func (p *prober) foreign(tenant int, a *answer) string {
	p.mu.Lock()
	defer p.mu.Unlock()
	if hits := p.canaries.find(a.Text, tenant); len(hits) > 0 {
		return fmt.Sprintf("it holds tenant %d's canary %s", hits[0].Owner+1, hits[0].Canary)
	}
	if by := p.answeredBy[a.Text]; distinctive(a.Text) && by&^(1<<tenant) != 0 {
		for o := range 64 {
			if o != tenant && by&(1<<o) != 0 {
				return fmt.Sprintf("it is, word for word, an answer tenant %d was given", o+1)
			}
		}
	}
	return ""
}

// diffVerdict is the verdict on an answer that differs from its idle twin: a leak when it carries
// another tenant's content, or when the endpoint promises bit-identical answers (--exact: then
// only other requests' state can have changed it); otherwise nondeterminism.
func (p *prober) diffVerdict(tenant int, a *answer) (verdict, evidence string) {
	if e := p.foreign(tenant, a); e != "" {
		return VerdictLeak, e
	}
	if p.cfg.Exact {
		return VerdictLeak, "the endpoint promises bit-identical greedy answers (--exact), so only other requests' state can have changed it"
	}
	return VerdictNondeterminism, "it carries no other tenant's content; the endpoint is not batch-invariant (or breaks a near-tie differently under load)"
}

// verdictOf is a check's verdict when its finding names none.
var verdictOf = map[string]string{
	CheckInvariance:  VerdictNondeterminism,
	CheckCanary:      VerdictLeak,
	CheckBoundary:    VerdictCapacity,
	CheckAbort:       VerdictNondeterminism,
	CheckSideChannel: VerdictSideChannel,
	CheckAdapter:     VerdictLeak,
}

// whyOf says why a finding matters, in the words of its verdict: only a leak is worded as
// another tenant's data reaching an answer.
func whyOf(f Finding) string {
	switch f.Verdict {
	case VerdictNondeterminism:
		return "answers differ without evidence of another tenant's content: batched kernels or near-ties give another greedy token. Not an isolation failure by itself, but it lets a leak that only changes answers hide; against an endpoint that promises bit-identical answers, run with --exact"
	case VerdictCapacity:
		return "the endpoint does not serve what it advertises: clients (and routers) sized to the advertised context get refusals, or answers to prompts it did not process as sent, which is where the reported incident's leak began"
	case VerdictProtocol:
		return "the endpoint does not answer as the API says: the probe did not follow it elsewhere or read past what it asked for, and judged nothing in that answer, so the check it belonged to is partial and the run cannot pass. An endpoint that ignores max_tokens also charges and holds capacity beyond what clients ask"
	case VerdictSideChannel:
		return "a tenant can tell from timing which prompts another tenant sent: the prefix cache is shared across tenants"
	}
	switch f.Check {
	case CheckInvariance:
		return "a greedy answer may depend only on its own request; this one changed with other tenants' activity and carries state that is not its own"
	case CheckAbort:
		return "a cancelled request's pages or state reached the next request: the chain of the reported incident, where aborted requests' pages reached other tenants"
	case CheckAdapter:
		return "a prompt was served KV computed under another LoRA adapter (or none): its answer is another fine-tune's, and whoever shares the prefix learns, from cached_tokens or timing, what a prompt under another adapter held (vLLM #30931, SGLang #24638)"
	case CheckBoundary:
		return "a prompt at the context boundary was answered with another tenant's content: the endpoint answered from stale state instead of the prompt it was sent"
	}
	return "a secret that only one tenant sent came back in another tenant's answer: their data crossed the tenant boundary"
}
