package console

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"errors"
	"fmt"
	"net/http"
	"time"
)

//go:embed console.html
var page []byte

// pageCSP allows the page exactly its own inline script (by hash) and style, and connections to
// its own origin: nothing is fetched from elsewhere, so the console works offline and an injected
// script or frame cannot run.
var pageCSP = func() string {
	_, rest, ok := bytes.Cut(page, []byte("<script>"))
	script, _, ok2 := bytes.Cut(rest, []byte("</script>"))
	if !ok || !ok2 {
		panic("console.html has no inline script")
	}
	sum := sha256.Sum256(script)
	return "default-src 'none'; connect-src 'self'; img-src 'self' data:; style-src 'unsafe-inline'; " +
		"script-src 'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'"
}()

// writeWait is how long one snapshot may take to reach a console; a reader slower than that is
// dropped.
const writeWait = 10 * time.Second

// Register adds GET /console, GET /console/events and GET /console/snapshot, served by h, to mux.
func Register(mux *http.ServeMux, h *Hub) {
	mux.HandleFunc("GET /console", servePage)
	mux.HandleFunc("GET /console/events", h.serveEvents)
	mux.HandleFunc("GET /console/snapshot", h.serveSnapshot)
}

// serveSnapshot answers the newest snapshot as JSON: what the page polls when it cannot have a
// stream (every one taken), so that no number of held streams locks the operator out.
func (h *Hub) serveSnapshot(w http.ResponseWriter, _ *http.Request) {
	hd := w.Header()
	hd.Set("Content-Type", "application/json")
	hd.Set("Cache-Control", "no-store")
	hd.Set("X-Content-Type-Options", "nosniff")
	w.Write(h.Latest())
}

func servePage(w http.ResponseWriter, r *http.Request) {
	hd := w.Header()
	hd.Set("Content-Type", "text/html; charset=utf-8")
	hd.Set("Content-Security-Policy", pageCSP)
	hd.Set("X-Content-Type-Options", "nosniff")
	hd.Set("Referrer-Policy", "no-referrer")
	hd.Set("Cache-Control", "no-store")
	w.Write(page)
}

// serveEvents streams snapshots as server-sent events until the client goes, falls behind, or the
// hub closes.
func (h *Hub) serveEvents(w http.ResponseWriter, r *http.Request) {
	s, err := h.Subscribe()
	if err != nil {
		code := http.StatusServiceUnavailable
		if errors.Is(err, ErrTooManyStreams) {
			w.Header().Set("Retry-After", "5")
			err = fmt.Errorf("%d console streams are open already, the most this listener serves; the console polls /console/snapshot instead", h.maxStreams)
		}
		http.Error(w, err.Error(), code)
		return
	}
	defer h.Unsubscribe(s)
	rc := http.NewResponseController(w)
	hd := w.Header()
	hd.Set("Content-Type", "text/event-stream")
	hd.Set("Cache-Control", "no-store")
	hd.Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(http.StatusOK)
	// A reconnecting EventSource waits a second, so a console left open across a restart comes
	// back by itself without hammering the listener.
	if !write(w, rc, []byte("retry: 1000\n\n")) {
		return
	}
	for {
		select {
		case <-r.Context().Done():
			return
		case <-s.Done():
			return
		case b := <-s.C:
			msg := make([]byte, 0, len(b)+8)
			msg = append(append(append(msg, "data: "...), b...), "\n\n"...) // JSON has no newline: one data line
			if !write(w, rc, msg) {
				return
			}
		}
	}
}

// write sends one message within writeWait, which also lifts the listener's WriteTimeout (meant
// for scrapes) for a long-lived stream.
func write(w http.ResponseWriter, rc *http.ResponseController, b []byte) bool {
	if err := rc.SetWriteDeadline(time.Now().Add(writeWait)); err != nil && !errors.Is(err, http.ErrNotSupported) {
		return false
	}
	if _, err := w.Write(b); err != nil {
		return false
	}
	return rc.Flush() == nil
}
