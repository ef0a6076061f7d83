//go:build incidentreplay

package engine

// StaleReads lists the ended requests that attended over pages another tenant (or an older
// generation of the page) wrote, in the order they ended. Incident-replay build only.
func (e *Engine) StaleReads() []StaleRead {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]StaleRead(nil), e.trace.ended...)
}
