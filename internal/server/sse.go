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

// namedEvent is an event with an "event:" line, the Responses API's framing; a send of
// namedEvents writes them in order.
type namedEvent struct {
	name string
	data any
}

type namedEvents []namedEvent

// send writes one event holding v as JSON, or each of v's events if v is namedEvents.
func (s *sseWriter) send(v any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.writeValue(v)
}

// writeValue must be called with mu held.
func (s *sseWriter) writeValue(v any) {
	evs, ok := v.(namedEvents)
	if !ok {
		evs = namedEvents{{data: v}}
	}
	for _, ev := range evs {
		b, err := json.Marshal(ev.data)
		if err != nil {
			return
		}
		s.write(ev.name, b)
	}
}

// done ends a successful stream.
func (s *sseWriter) done() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.write("", []byte("[DONE]"))
}

// fail sends an error event and drops everything after it; the stream then ends without [DONE],
// so no client can mistake it for a complete answer.
func (s *sseWriter) fail(e *apiError) { s.failWith(e.body()) }

// failWith is fail with the endpoint's own error event(s).
func (s *sseWriter) failWith(v any) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.writeValue(v)
	s.broken = true
}

// write must be called with mu held; name, if not empty, is the event's "event:" line.
func (s *sseWriter) write(name string, data []byte) {
	if s.broken {
		return
	}
	_ = s.rc.SetWriteDeadline(time.Now().Add(s.timeout))
	buf := make([]byte, 0, len(name)+len(data)+16)
	if name != "" {
		buf = append(buf, "event: "...)
		buf = append(buf, name...)
		buf = append(buf, '\n')
	}
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
