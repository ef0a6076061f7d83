package server

import (
	"fmt"
	"math"
	"net/http"
	"sync"
	"time"

	"github.com/kvwarden/kvwarden/internal/tenants"
)

// limiter enforces each tenant's concurrency and tokens-per-minute limits.
//
// Tokens are a bucket refilled continuously at TokensPerMinute/60 per second, holding at most
// one minute's worth. Admission reserves the worst case (prompt + max_tokens for every choice,
// every embeddings input) and the unused part is refunded at the end, so concurrent requests
// cannot overdraw the bucket together. A request whose reservation exceeds the whole bucket is
// refused with a 400 naming both numbers: the limit is a cap, with no burst beyond a minute's
// worth (admitting it once the bucket is full would let one request spend hours of budget).
type limiter struct {
	now func() time.Time

	mu    sync.Mutex
	state map[string]*tenantUsage // guarded by mu
}

type tenantUsage struct {
	limits tenants.Limits // the latest seen, for the console
	active int            // generation requests open (from authentication on) plus their extra engine requests
	tokens float64        // bucket balance
	last   time.Time
	seen   bool
}

func newLimiter(now func() time.Time) *limiter {
	return &limiter{now: now, state: map[string]*tenantUsage{}}
}

// usage returns t's state. Called with mu held.
func (l *limiter) usage(t tenants.Tenant) *tenantUsage {
	u := l.state[t.UID] // never the name: a re-added name starts with a full bucket
	if u == nil {
		u = &tenantUsage{}
		l.state[t.UID] = u
	}
	u.limits = t.Limits
	return u
}

// limitView is one tenant's use of its limits, for the console.
type limitView struct {
	active   int
	limits   tenants.Limits
	reserved int // tokens the bucket has given out and not yet refilled
}

// view reports the tenant with this UID, if it ever made a request.
func (l *limiter) view(uid string) (limitView, bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	u := l.state[uid]
	if u == nil {
		return limitView{}, false
	}
	v := limitView{active: u.active, limits: u.limits}
	if c := float64(u.limits.TokensPerMinute); c > 0 && u.seen {
		balance := min(c, u.tokens+l.now().Sub(u.last).Seconds()*c/60)
		v.reserved = int(math.Ceil(c - balance))
	}
	return v, true
}

var errConcurrency = &apiError{Status: http.StatusTooManyRequests, Type: errRateLimit, Code: "concurrency_limit_exceeded", RetryAfter: 1,
	Message: "too many concurrent requests for this API key; retry later", Reason: "tenant_concurrency"}

// enter takes one of the tenant's concurrency slots for a generation request from the moment it
// is authenticated, before its body is read: a client that sends bodies slowly holds slots like
// any other request, so it cannot keep more than max_concurrent connections busy. leave gives it
// back; it is idempotent.
func (l *limiter) enter(t tenants.Tenant) (leave func(), e *apiError) {
	l.mu.Lock()
	defer l.mu.Unlock()
	u := l.usage(t)
	if m := t.Limits.MaxConcurrent; m > 0 && u.active+1 > m {
		return nil, errConcurrency
	}
	u.active++
	var once sync.Once
	return func() {
		once.Do(func() {
			l.mu.Lock()
			u.active--
			l.mu.Unlock()
		})
	}, nil
}

// acquire admits requests engine requests reserving reserve tokens, or says why not. The caller
// holds a slot from enter, which counts as the first engine request. release must be called once
// with the tokens actually used.
func (l *limiter) acquire(t tenants.Tenant, requests, reserve int) (release func(used int), e *apiError) {
	lim := t.Limits
	if lim.MaxConcurrent > 0 && requests > lim.MaxConcurrent {
		return nil, badRequest("n", "this request needs %d concurrent generations but this API key allows %d", requests, lim.MaxConcurrent)
	}
	if lim.TokensPerMinute > 0 && reserve > lim.TokensPerMinute {
		return nil, &apiError{Status: http.StatusBadRequest, Type: errInvalidRequest, Code: "tokens_per_minute_exceeded",
			Message: fmt.Sprintf("this request reserves %d tokens (prompt tokens and max_tokens of every choice, or every input's tokens) but this API key's tokens-per-minute limit is %d; send a smaller request", reserve, lim.TokensPerMinute),
			Reason:  "tenant_tokens_cap"}
	}
	l.mu.Lock()
	defer l.mu.Unlock()
	u := l.usage(t)
	now := l.now()
	capacity := float64(lim.TokensPerMinute)
	if lim.TokensPerMinute > 0 {
		if !u.seen {
			u.tokens, u.seen = capacity, true
		} else {
			u.tokens += now.Sub(u.last).Seconds() * capacity / 60
		}
		u.tokens = min(u.tokens, capacity) // also applies a lowered limit after a reload
		u.last = now
	}
	extra := requests - 1 // the first runs in the slot taken by enter
	if lim.MaxConcurrent > 0 && u.active+extra > lim.MaxConcurrent {
		return nil, errConcurrency
	}
	if lim.TokensPerMinute > 0 {
		need := float64(reserve)
		if u.tokens < need {
			wait := math.Ceil((need - u.tokens) / (capacity / 60))
			return nil, &apiError{Status: http.StatusTooManyRequests, Type: errRateLimit, Code: "rate_limit_exceeded", RetryAfter: max(1, int(min(wait, 3600))),
				Message: "tokens-per-minute limit reached for this API key; retry later", Reason: "tenant_tokens"}
		}
		u.tokens -= float64(reserve)
	}
	u.active += extra
	var once sync.Once
	return func(used int) {
		once.Do(func() {
			l.mu.Lock()
			defer l.mu.Unlock()
			u.active -= extra
			if lim.TokensPerMinute > 0 {
				u.tokens = min(u.tokens+float64(max(0, reserve-used)), capacity)
			}
		})
	}, nil
}

// admit takes the tenant's limits for requests engine requests reserving tokens, and starts the
// HTTP request's in-flight and duration metrics: done ends those; release, called once the engine
// work is over, gives the limits back. On a refusal it answers the client and returns ok false.
func (s *Server) admit(w http.ResponseWriter, rc *reqCtx, requests, tokens int) (release func(used int), done func(), ok bool) {
	release, e := s.lim.acquire(rc.tenant, requests, tokens)
	if e != nil {
		s.fail(w, rc, e)
		return nil, nil, false
	}
	s.met.inflight.Inc()
	start := time.Now()
	return release, func() {
		took := time.Since(start).Seconds()
		s.met.durations.WithLabelValues(rc.endpoint).Observe(took)
		s.met.vllm.e2e.Observe(took)
		s.met.inflight.Dec()
	}, true
}
