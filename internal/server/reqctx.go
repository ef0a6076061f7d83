package server

// What every API request passes through: authentication by key, the tenant's concurrency slot,
// the body limit, and the request's log line and metrics.

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"errors"
	"fmt"
	"io"
	"net/http"
	"os"
	"strings"
	"time"

	"github.com/kvwarden/kvwarden/internal/tenants"
)

// reqCtx is one authenticated request's bookkeeping, for its log line and metrics.
type reqCtx struct {
	id       string // ours: the answer's id is built from it, so a client never chooses it
	gateway  gatewayHeaders
	endpoint string
	tenant   tenants.Tenant
	start    time.Time
	status   int
	errCode  string
	promptN  int
	complN   int
	leave    func() // gives back the tenant's concurrency slot (generation requests); idempotent
}

// authed authenticates with "Authorization: Bearer KEY" before anything of the request is read.
func (s *Server) authed(endpoint string, h func(http.ResponseWriter, *http.Request, *reqCtx)) http.HandlerFunc {
	generation := endpoint == "completions" || endpoint == "chat" || endpoint == "responses" || endpoint == "embeddings"
	return func(w http.ResponseWriter, r *http.Request) {
		rc := &reqCtx{id: newID(), endpoint: endpoint, start: time.Now(), gateway: readGatewayHeaders(r.Header)}
		w.Header().Set("X-Request-Id", rc.id)
		if rc.gateway.requestID != "" {
			w.Header().Set("X-Request-Id", rc.gateway.requestID)
		}
		defer s.finishRequest(rc)
		// Several headers would leave it to a proxy or to us which one counts; refuse rather than pick.
		if len(r.Header.Values("Authorization")) > 1 {
			s.fail(w, rc, &apiError{Status: http.StatusBadRequest, Type: errInvalidRequest, Code: "duplicate_authorization",
				Message: "send one Authorization header, not several", Reason: "bad_request"})
			return
		}
		if generation {
			// Counted before the draining check, so Shutdown either waits for it or it sees draining.
			s.gens.enter()
			defer s.gens.leave()
			if s.draining.Load() {
				s.fail(w, rc, errShuttingDown)
				return
			}
		}
		key, ok := bearer(r.Header.Get("Authorization"))
		if !ok && !s.tenants.Dev() {
			s.fail(w, rc, &apiError{Status: http.StatusUnauthorized, Type: errAuthentication, Code: "missing_api_key",
				Message: "missing API key: send it as 'Authorization: Bearer KEY'", Reason: "unauthorized"})
			return
		}
		t, ok := s.tenants.Lookup(key)
		if !ok {
			s.fail(w, rc, &apiError{Status: http.StatusUnauthorized, Type: errAuthentication, Code: "invalid_api_key",
				Message: "invalid API key", Reason: "unauthorized"})
			return
		}
		rc.tenant = t
		if generation || endpoint == "tokenize" || endpoint == "detokenize" {
			// Tokenizing costs CPU like a prefill's first step: it is limited like generation.
			leave, e := s.lim.enter(t)
			if e != nil {
				s.fail(w, rc, e)
				return
			}
			rc.leave = leave
			defer leave()
		}
		if generation {
			ctx, cancel := context.WithCancelCause(r.Context())
			defer cancel(nil)
			lr := &liveRequest{key: key, uid: t.UID, cancel: cancel}
			s.liveMu.Lock()
			s.live[lr] = struct{}{}
			s.liveMu.Unlock()
			defer func() {
				s.liveMu.Lock()
				delete(s.live, lr)
				s.liveMu.Unlock()
			}()
			r = r.WithContext(ctx)
		}
		h(w, r, rc)
	}
}

func bearer(h string) (string, bool) {
	scheme, key, ok := strings.Cut(strings.TrimSpace(h), " ")
	if !ok || !strings.EqualFold(scheme, "Bearer") {
		return "", false
	}
	key = strings.TrimSpace(key)
	return key, key != ""
}

// fail answers with an error and records it.
func (s *Server) fail(w http.ResponseWriter, rc *reqCtx, e *apiError) {
	rc.status, rc.errCode = e.Status, e.Code
	if e.Reason != "" {
		s.met.rejected.WithLabelValues(e.Reason).Inc()
	}
	writeError(w, e)
}

// reply answers an unauthenticated route with an error.
func (s *Server) reply(w http.ResponseWriter, endpoint string, e *apiError) {
	s.met.requests.WithLabelValues(endpoint, fmt.Sprint(e.Status)).Inc()
	writeError(w, e)
}

// finishRequest logs one line per request: ids, sizes and outcome, never content.
func (s *Server) finishRequest(rc *reqCtx) {
	if rc.status == 0 {
		rc.status = http.StatusOK
	}
	s.met.requests.WithLabelValues(rc.endpoint, fmt.Sprint(rc.status)).Inc()
	attrs := []any{"id", rc.id, "endpoint", rc.endpoint, "tenant", rc.tenant.ID, "status", rc.status,
		"duration_ms", time.Since(rc.start).Milliseconds()}
	if rc.promptN > 0 || rc.complN > 0 {
		attrs = append(attrs, "prompt_tokens", rc.promptN, "completion_tokens", rc.complN)
	}
	if rc.errCode != "" {
		attrs = append(attrs, "error", rc.errCode)
	}
	attrs = rc.gateway.logAttrs(attrs)
	s.log.Info("request", attrs...)
}

func newID() string {
	var b [12]byte
	rand.Read(b[:])
	return hex.EncodeToString(b[:])
}

// readBody reads a size-limited body within BodyReadTimeout, so that a client trickling its body
// cannot hold a connection (and its tenant slot) for long.
func (s *Server) readBody(w http.ResponseWriter, r *http.Request) ([]byte, *apiError) {
	return s.readBodyMax(w, r, s.cfg.MaxBodyBytes)
}

// readBodyMax is readBody with a body bound of limit bytes: a body that says it is larger is
// refused before any of it is read.
func (s *Server) readBodyMax(w http.ResponseWriter, r *http.Request, limit int64) ([]byte, *apiError) {
	if e := checkEncoding(r.Header); e != nil {
		return nil, e
	}
	tooLarge := &apiError{Status: http.StatusRequestEntityTooLarge, Type: errInvalidRequest, Code: "request_too_large",
		Message: fmt.Sprintf("the request body is larger than %d bytes", limit), Reason: "too_large"}
	if r.ContentLength > limit {
		return nil, tooLarge
	}
	ctl := http.NewResponseController(w)
	s.bodyMu.Lock()
	if s.draining.Load() {
		s.bodyMu.Unlock()
		return nil, errShuttingDown
	}
	// Set under bodyMu, so that Shutdown's cut-off (a deadline of now) is never overwritten.
	_ = ctl.SetReadDeadline(time.Now().Add(s.cfg.BodyReadTimeout))
	s.bodies[ctl] = struct{}{}
	s.bodyMu.Unlock()
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, limit))
	s.bodyMu.Lock()
	delete(s.bodies, ctl)
	s.bodyMu.Unlock()
	if err != nil {
		// The deadline stays expired, so that net/http does not wait for the rest of the body
		// before answering.
		if errors.Is(err, os.ErrDeadlineExceeded) {
			if s.draining.Load() {
				return nil, errShuttingDown
			}
			return nil, &apiError{Status: http.StatusRequestTimeout, Type: errInvalidRequest, Code: "request_timeout",
				Message: fmt.Sprintf("the request body did not arrive within %s", s.cfg.BodyReadTimeout), Reason: "body_timeout"}
		}
		var mbe *http.MaxBytesError
		if errors.As(err, &mbe) {
			return nil, tooLarge
		}
		return nil, badRequest("", "could not read the request body")
	}
	// Cleared at once: the server's own read of the connection (to notice a client hanging up)
	// must not time out while a long answer streams.
	_ = ctl.SetReadDeadline(time.Time{})
	return body, nil
}
