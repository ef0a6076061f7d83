// Package server is kvwarden's OpenAI-compatible HTTP API: authentication by tenant key,
// per-tenant limits, completions and chat completions (streamed as server-sent events or not),
// health and readiness; Prometheus metrics go to a separate operator listener (Operator, which
// internal/operator serves).
//
// What one tenant sends or receives never reaches another tenant, a log line or a metric label:
// prompts and outputs are not logged, error messages speak only of the caller's own request, and
// metric labels come from fixed sets (plus the configured tenants' names on the per-tenant series,
// which only the operator's listener serves).
package server

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/prometheus/client_golang/prometheus"

	"github.com/kvwarden/kvwarden/internal/buildinfo"
	"github.com/kvwarden/kvwarden/internal/chat"
	"github.com/kvwarden/kvwarden/internal/engine"
	lora "github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/opmetrics"
	"github.com/kvwarden/kvwarden/internal/tenants"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
	"github.com/kvwarden/kvwarden/internal/toolcall"
)

// Tokenizer is what the server needs from the model's tokenizer; *tokenizer.Tokenizer satisfies it.
type Tokenizer interface {
	Encode(text string, addSpecial, parseSpecial bool) []int32
	// EncodeSpans encodes the spans as one text, matching control tokens only inside Special
	// spans (the chat template's markup), never in client text.
	EncodeSpans(spans []tokenizer.Span, addSpecial bool) []int32
	Decode(ids []int32) string
	Piece(id int32) []byte
	IsEOG(id int32) bool
	BOS() int32
	EOS() int32
	TokenText(id int32) string
}

// Config holds the server's settings. Zero values take the documented defaults.
type Config struct {
	Addr         string   // listen address for Run; default "127.0.0.1:8080"
	ModelName    string   // model id reported in responses, first in /v1/models; default: the engine's model name
	ModelAliases []string // further names accepted in "model" and listed in /v1/models
	// OnlyModelNames accepts in "model" only ModelName and ModelAliases; otherwise the engine's own
	// model name (from the model's metadata) is accepted too, unlisted.
	OnlyModelNames     bool
	AllowedOrigins     []string      // browser origins allowed by CORS ("*": any); none by default
	MaxBodyBytes       int64         // request body limit; default 4 MiB
	BodyReadTimeout    time.Duration // a request body must arrive within this; default 30 s, else 408
	ReadHeaderTimeout  time.Duration // default 10 s
	IdleTimeout        time.Duration // keep-alive idle limit; default 120 s
	StreamWriteTimeout time.Duration // a client that accepts no bytes for this long is dropped; default 60 s
	Logger             *slog.Logger  // default slog.Default()
	Registry           *prometheus.Registry
	// Role is this process's role label on /metrics (kvwarden_info): opmetrics.RoleSingle
	// (default) or opmetrics.RoleRouter.
	Role string
	Now  func() time.Time // clock for rate limits and timestamps; default time.Now

	// Adapters are the LoRA adapters a request may select by name in "model", each loaded
	// against the engine's model; a tenant uses those its grants name (tenants.Store.MayUse).
	// New reads them; SetAdapters replaces them later.
	Adapters map[string]*lora.Adapter

	// ToolCallParser names the syntax of the model's tool calls (toolcall.Names); default: the
	// one the model's chat template teaches.
	ToolCallParser string
}

// Server serves the API. Create it with New, start it with Run or Serve, stop it with Shutdown.
type Server struct {
	cfg     Config
	eng     engine.Interface
	tok     Tokenizer
	tenants *tenants.Store
	tmpl    *chat.Template
	info    engine.Info
	log     *slog.Logger
	met     *metrics
	lim     *limiter
	reg     *prometheus.Registry
	http    *http.Server
	started time.Time
	// fingerprint is the system_fingerprint of responses: it changes when the model, the kernels
	// or the build does, which is when outputs of the same seed may change.
	fingerprint string

	toolFormat toolcall.Format // reads tool calls from the model's output

	baseCtx    context.Context // parent of every request context; cancelled when draining times out
	cancelBase context.CancelFunc
	serving    atomic.Bool
	draining   atomic.Bool
	gens       *busy // generation requests being handled, from before authentication to the end

	bodyMu sync.Mutex                            // guards bodies and the draining check of readBody
	bodies map[*http.ResponseController]struct{} // generation requests reading their body

	liveMu sync.Mutex
	live   map[*liveRequest]struct{} // authenticated generation requests, for revokeStaleKeys

	grammars grammars // structured outputs (structured.go)

	adapters atomic.Pointer[map[string]*lora.Adapter] // by name; replaced whole (adapters.go)
}

// busy counts requests in progress and signals when none is left.
type busy struct {
	mu   sync.Mutex
	n    int
	idle chan struct{} // closed while n == 0
}

func newBusy() *busy {
	b := &busy{idle: make(chan struct{})}
	close(b.idle)
	return b
}

func (b *busy) enter() {
	b.mu.Lock()
	if b.n == 0 {
		b.idle = make(chan struct{})
	}
	b.n++
	b.mu.Unlock()
}

func (b *busy) leave() {
	b.mu.Lock()
	b.n--
	if b.n == 0 {
		close(b.idle)
	}
	b.mu.Unlock()
}

// done is closed once nothing is in progress (at the time of the call or later).
func (b *busy) done() <-chan struct{} {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.idle
}

// New builds a server. It fails when the model's chat template does not compile (the model has
// no usable template; ChatML is used only when it has none at all).
func New(cfg Config, eng engine.Interface, tok Tokenizer, ts *tenants.Store) (*Server, error) {
	if eng == nil || tok == nil || ts == nil {
		return nil, errors.New("server: engine, tokenizer and tenants are required")
	}
	if cfg.Addr == "" {
		cfg.Addr = "127.0.0.1:8080" // loopback unless the operator asks for more
	}
	if cfg.MaxBodyBytes <= 0 {
		cfg.MaxBodyBytes = 4 << 20
	}
	if cfg.BodyReadTimeout <= 0 {
		cfg.BodyReadTimeout = 30 * time.Second
	}
	if cfg.ReadHeaderTimeout <= 0 {
		cfg.ReadHeaderTimeout = 10 * time.Second
	}
	if cfg.IdleTimeout <= 0 {
		cfg.IdleTimeout = 120 * time.Second
	}
	if cfg.StreamWriteTimeout <= 0 {
		cfg.StreamWriteTimeout = 60 * time.Second
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.Default()
	}
	if cfg.Registry == nil {
		cfg.Registry = prometheus.NewRegistry()
	}
	if cfg.Role == "" {
		cfg.Role = opmetrics.RoleSingle
	}
	if cfg.Now == nil {
		cfg.Now = time.Now
	}
	origins, err := checkOrigins(cfg.AllowedOrigins)
	if err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	cfg.AllowedOrigins = origins
	info := eng.Info()
	if cfg.ModelName == "" {
		cfg.ModelName = info.ModelName
	}
	if info.MaxContext <= 0 {
		return nil, fmt.Errorf("server: engine reports max context %d", info.MaxContext)
	}
	tmpl, err := chat.New(info.ChatTemplate, tokenText(tok, tok.BOS()), tokenText(tok, tok.EOS()))
	if err != nil {
		return nil, fmt.Errorf("server: model chat template: %w", err)
	}
	toolFormat := toolcall.Detect(info.ChatTemplate)
	if cfg.ToolCallParser != "" {
		if toolFormat, err = toolcall.Lookup(cfg.ToolCallParser); err != nil {
			return nil, fmt.Errorf("server: %w", err)
		}
	}
	s := &Server{
		cfg: cfg, eng: eng, tok: tok, tenants: ts, tmpl: tmpl, toolFormat: toolFormat, info: info,
		log: cfg.Logger, reg: cfg.Registry, lim: newLimiter(cfg.Now), started: cfg.Now(),
		gens: newBusy(), bodies: map[*http.ResponseController]struct{}{}, live: map[*liveRequest]struct{}{},
		fingerprint: fingerprint(info, buildinfo.Read()),
	}
	if err := s.SetAdapters(cfg.Adapters); err != nil {
		return nil, fmt.Errorf("server: %w", err)
	}
	s.met = newMetrics(cfg.Registry, cfg.ModelName)
	cfg.Registry.MustRegister(tenantShadow{s.met, eng}, loraInfo{s}, splitAdapters{s})
	s.baseCtx, s.cancelBase = context.WithCancel(context.Background())
	s.http = &http.Server{
		Handler:           s.Handler(),
		ReadHeaderTimeout: cfg.ReadHeaderTimeout,
		IdleTimeout:       cfg.IdleTimeout,
		BaseContext:       func(net.Listener) context.Context { return s.baseCtx },
		ErrorLog:          slog.NewLogLogger(cfg.Logger.Handler(), slog.LevelWarn),
	}
	if tmpl.Fallback() {
		s.log.Info("model has no chat template; chat requests use ChatML")
	}
	return s, nil
}

// fingerprint names the model (its name and shape), the kernels and the build.
func fingerprint(info engine.Info, b buildinfo.Info) string {
	h := sha256.New()
	fmt.Fprintf(h, "%q %d %d %q %q %q %t", info.ModelName, info.VocabSize, info.MaxContext, info.Kernels, b.Version, b.Revision, b.Modified)
	return "fp_" + hex.EncodeToString(h.Sum(nil))[:12]
}

func tokenText(tok Tokenizer, id int32) string {
	if id < 0 {
		return ""
	}
	return tok.TokenText(id)
}

// Handler returns the API's routes. /metrics is not one of them: it is server-wide (every tenant's
// queue, cache hits and usage), so it is served to the operator only (Operator).
func (s *Server) Handler() http.Handler {
	mux := http.NewServeMux()
	for _, rt := range s.routes() {
		mux.HandleFunc(rt.pattern, rt.h)
	}
	mux.HandleFunc("/", s.noRoute(mux))
	return s.recoverer(s.cors(mux))
}

type route struct {
	pattern string
	h       http.HandlerFunc
}

func (s *Server) routes() []route {
	return []route{
		{"POST /v1/chat/completions", s.authed("chat", s.handleChat)},
		{"POST /v1/completions", s.authed("completions", s.handleCompletions)},
		{"POST /v1/responses", s.authed("responses", s.handleResponses)},
		{"POST /v1/embeddings", s.authed("embeddings", s.handleEmbeddings)},
		{"GET /v1/models", s.authed("models", s.handleModels)},
		{"GET /v1/models/{model...}", s.authed("models", s.handleModel)},
		{"POST /tokenize", s.authed("tokenize", s.handleTokenize)},
		{"POST /detokenize", s.authed("detokenize", s.handleDetokenize)},
		{"GET /health", s.handleHealth},
		{"GET /ready", s.handleReady},
	}
}

// Endpoints lists the API's routes ("POST /v1/completions", ...), for the start-up message.
func (s *Server) Endpoints() []string {
	var out []string
	for _, rt := range s.routes() {
		out = append(out, rt.pattern)
	}
	return out
}

// recoverer turns a handler panic into a 500 instead of a dropped connection. A panic is a bug; it
// is logged without the request body.
func (s *Server) recoverer(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		defer func() {
			if v := recover(); v != nil {
				if v == http.ErrAbortHandler {
					panic(v)
				}
				s.log.Error("handler panic", "path", r.URL.Path, "panic", fmt.Sprint(v))
				writeError(w, &apiError{Status: http.StatusInternalServerError, Type: errServer, Code: "internal_error", Message: "internal error"})
			}
		}()
		h.ServeHTTP(w, r)
	})
}

// Run listens on cfg.Addr and serves until Shutdown; it returns nil after a clean Shutdown.
func (s *Server) Run() error {
	if err := s.checkDevAddr(s.cfg.Addr); err != nil {
		return err
	}
	ln, err := net.Listen("tcp", s.cfg.Addr)
	if err != nil {
		return err
	}
	return s.Serve(ln)
}

// Serve serves on ln until Shutdown; it returns nil after a clean Shutdown. In dev mode (no
// authentication) it refuses any listener that is not on a loopback address.
func (s *Server) Serve(ln net.Listener) error {
	if err := s.checkDevAddr(ln.Addr().String()); err != nil {
		ln.Close()
		return err
	}
	if s.tenants.Dev() {
		s.log.Warn("DEV MODE: authentication is off and every request is tenant \"dev\"; allowed only because the listen address is loopback",
			"addr", ln.Addr().String())
	}
	s.log.Info("serving", "addr", ln.Addr().String(), "model", s.cfg.ModelName, "max_context", s.info.MaxContext, "tool_call_parser", s.toolFormat.Name())
	s.serving.Store(true)
	err := s.http.Serve(ln)
	s.serving.Store(false)
	if errors.Is(err, http.ErrServerClosed) {
		return nil
	}
	return err
}

// checkDevAddr refuses dev mode unless addr is a loopback address. A host name is refused too:
// only a literal loopback IP (or "localhost") proves the port is unreachable from elsewhere.
func (s *Server) checkDevAddr(addr string) error {
	if !s.tenants.Dev() {
		return nil
	}
	if !IsLoopback(addr) {
		s.log.Error("refusing dev mode on a non-loopback address", "addr", addr)
		return fmt.Errorf("dev mode (no authentication) is allowed only on a loopback address, not %q; use a tenants file", addr)
	}
	return nil
}

// IsLoopback reports whether a host:port address listens only on loopback.
func IsLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(strings.Trim(host, "[]"))
	return ip != nil && ip.IsLoopback()
}

// Shutdown drains: from the call on, /ready answers 503 and new generation requests are refused
// with 503 (requests still sending their body are cut short the same way), while the listener
// stays open so that clients and load balancers see a clear answer, not a refused connection.
// Once the in-flight generation requests (streams included) have finished, the listener closes and
// Shutdown returns nil. If ctx ends first, the remaining requests are cancelled: each client
// gets an error event (or error answer), their engine requests are closed, and Shutdown returns
// ctx's error once they have returned.
func (s *Server) Shutdown(ctx context.Context) error {
	s.draining.Store(true)
	s.bodyMu.Lock()
	for ctl := range s.bodies {
		_ = ctl.SetReadDeadline(time.Now())
	}
	s.bodyMu.Unlock()
	var err error
	select {
	case <-s.gens.done():
	case <-ctx.Done():
		err = ctx.Err()
		s.cancelBase()
		// Handlers see their contexts cancelled, send their error and return promptly (a stuck
		// client is bounded by StreamWriteTimeout); the engine requests are closed once they have.
		<-s.gens.done()
	}
	if err == nil {
		err = s.http.Shutdown(ctx) // closes the listener and idle connections
	}
	if err != nil {
		s.http.Close()
	}
	s.cancelBase()
	return err
}

// Health and readiness (models.go: /v1/models).

func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok"})
}

// internalErrorHold is how long /ready reports not ready after the engine's latest internal
// error: long enough for a load balancer to steer traffic away from a node whose kernels fail,
// short enough that one transient failure does not take the node out for good.
const internalErrorHold = time.Minute

func (s *Server) handleReady(w http.ResponseWriter, r *http.Request) {
	notReady := func(reason string) {
		writeJSON(w, http.StatusServiceUnavailable, map[string]string{"status": "not ready", "reason": reason})
	}
	switch {
	case s.draining.Load():
		notReady("draining")
	case !s.serving.Load():
		notReady("not_serving")
	case s.recentInternalError():
		notReady("engine_internal_error")
	case s.engineNotReady() != "":
		notReady(s.engineNotReady())
	default:
		writeJSON(w, http.StatusOK, map[string]string{"status": "ready"})
	}
}

// readiness is an engine that can be unable to serve while it runs: a router with no healthy
// node of a role.
type readiness interface {
	NotReady() string // why it cannot serve (a metric-label-like word), or ""
}

func (s *Server) engineNotReady() string {
	if r, ok := s.eng.(readiness); ok {
		return r.NotReady()
	}
	return ""
}

func (s *Server) recentInternalError() bool {
	last := s.eng.Stats().LastStepError
	return !last.IsZero() && time.Since(last) < internalErrorHold
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	b, err := json.Marshal(v)
	if err != nil {
		writeError(w, &apiError{Status: http.StatusInternalServerError, Type: errServer, Message: "could not encode the response", Code: "internal_error"})
		return
	}
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	w.Write(append(b, '\n'))
}
