package probe

import (
	"errors"
	"fmt"
	"net/http"
)

// An endpoint under audit may be hostile: it may stream without end, send more than was asked
// or redirect the probe elsewhere. Such an answer is a breach of the API's contract: the probe
// reads no further, judges nothing in it, reports it as a protocol finding and leaves the check
// it belonged to partial, so the run cannot pass.

// responseCaps bound the answer to a request for maxTokens: in tokens (events carrying text,
// logprob tokens) with slack for servers that split a token's text over two events, and in bytes,
// generous for a stream event with logprobs and a long model name per token.
func responseCaps(maxTokens int) (tokens int, bytes int64) {
	tokens = maxTokens + max(16, maxTokens/4)
	return tokens, 64<<10 + 4<<10*int64(tokens)
}

// overrunError is an answer past what was asked for.
type overrunError struct{ msg string }

func (e *overrunError) Error() string { return e.msg }

func overrun(maxTokens int, what string) error {
	return &overrunError{fmt.Sprintf("the endpoint ignored max_tokens %d: it sent %s; the probe stopped reading", maxTokens, what)}
}

// beyondMaxTokens checks a's own counts, which are exact: usage.completion_tokens and logprob
// tokens.
func beyondMaxTokens(a *answer, maxTokens int) error {
	if n := max(a.CompletionTokens, len(a.Tokens)); n > maxTokens {
		return overrun(maxTokens, fmt.Sprintf("%d tokens", n))
	}
	return nil
}

// redirectError is a 3xx answer, which the probe never follows.
type redirectError struct {
	status   int
	location string
}

func (e *redirectError) Error() string {
	return fmt.Sprintf("the endpoint answered HTTP %d, a redirect to %s; the probe follows no redirect (nor sends a key there)", e.status, e.location)
}

// redirected is resp's redirect as an error, nil when resp is none.
func redirected(resp *http.Response) error {
	if resp.StatusCode < 300 || resp.StatusCode > 399 {
		return nil
	}
	loc := resp.Header.Get("Location")
	if loc == "" {
		loc = "no Location"
	}
	return &redirectError{resp.StatusCode, Printable(cut(loc, 200))}
}

// breach records a completion that broke the API's contract: a protocol finding of the check it
// belonged to, which is then partial. Discovery's requests have no check: a note says it, and
// the run stops if discovery finds no answer.
func (p *prober) breach(check string, tenant int, r *request, err error) {
	owner := check
	switch check {
	case "noise":
		owner = CheckInvariance
	case "calibrate": // it times prefill for the boundary's time-to-first-token check
		owner = CheckBoundary
	case "discover":
		owner = ""
	}
	kind := "overrun"
	if re := (*redirectError)(nil); errors.As(err, &re) {
		kind = "redirect to " + re.location
	}
	if owner == "" {
		p.note("a %s request: %v", check, err)
		return
	}
	p.incomplete(owner, "answers that broke the API's contract were not judged (see the protocol findings)")
	p.find("protocol|"+kind, Finding{Check: owner, Verdict: VerdictProtocol, Tenant: tenant + 1,
		Summary: Printable(err.Error()), Detail: fmt.Sprintf("a %s request of tenant %d (max_tokens %d)", check, tenant+1, r.MaxTokens),
		Reproduce: p.repro(tenant, r)})
}
