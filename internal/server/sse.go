package server

import (
	"encoding/json"
	"net/http"
	"sync"
	"time"
)

// sseWriter writes server-sent events the way OpenAI clients read them: "data: JSON\n\n" per
// event and "data: [DONE]\n\n" at the end. It is safe for concurrent use; after a write fails or
// an error event is sent, later events are dropped.
type sseWriter struct {
	mu      sync.Mutex
	w       http.ResponseWriter
	rc      *http.ResponseController
	timeout time.Duration
	broken  bool
	onBreak func() // called once when a write fails: the client is gone or stuck
}

func newSSE(w http.ResponseWriter, timeout time.Duration, onBreak func()) *sseWriter {
	h := w.Header()
	h.Set("Content-Type", "text/event-stream")
	h.Set("Cache-Control", "no-cache")
	h.Set("X-Accel-Buffering", "no") // stop reverse proxies from buffering the stream
	w.WriteHeader(http.StatusOK)
	s := &sseWriter{w: w, rc: http.NewResponseController(w), timeout: timeout, onBreak: onBreak}
	s.mu.Lock()
	s.flush()
	s.mu.Unlock()
	return s
}

// send writes one event holding v as JSON.
func (s *sseWriter) send(v any) {
	b, err := json.Marshal(v)
	if err != nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.write(b)
}

// done ends a successful stream.
func (s *sseWriter) done() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.write([]byte("[DONE]"))
}

// fail sends an error event and drops everything after it; the stream then ends without [DONE],
// so no client can mistake it for a complete answer.
func (s *sseWriter) fail(e *apiError) {
	b, _ := json.Marshal(e.body())
	s.mu.Lock()
	defer s.mu.Unlock()
	s.write(b)
	s.broken = true
}

// write must be called with mu held.
func (s *sseWriter) write(data []byte) {
	if s.broken {
		return
	}
	_ = s.rc.SetWriteDeadline(time.Now().Add(s.timeout))
	buf := make([]byte, 0, len(data)+8)
	buf = append(buf, "data: "...)
	buf = append(buf, data...)
	buf = append(buf, "\n\n"...)
	if _, err := s.w.Write(buf); err != nil {
		s.breakNow()
		return
	}
	s.flush()
}

func (s *sseWriter) flush() {
	if err := s.rc.Flush(); err != nil {
		s.breakNow()
	}
}

func (s *sseWriter) breakNow() {
	if !s.broken {
		s.broken = true
		if s.onBreak != nil {
			s.onBreak()
		}
	}
}
