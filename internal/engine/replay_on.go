//go:build incidentreplay

package engine

// StaleReads lists the ended requests that attended over pages another tenant (or an older
// generation of the page) wrote, in the order they ended. Incident-replay build only.
func (e *Engine) StaleReads() []StaleRead {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]StaleRead(nil), e.trace.ended...)
}

// LateWrites lists what became of the aborted requests' in-flight writes (faults.LateWrite), in
// the order they arrived. Incident-replay build only.
func (e *Engine) LateWrites() []LateWrite {
	e.mu.Lock()
	defer e.mu.Unlock()
	return append([]LateWrite(nil), e.trace.late...)
}
