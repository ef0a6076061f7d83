//go:build incidentreplay

package engine

import "fmt"

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

// TenantOfKey names the tenant whose key is hex (a ShadowPage's Owner), as requests named it,
// or returns hex when no request of this engine had that key. Incident-replay build only.
func (e *Engine) TenantOfKey(hex string) string {
	e.mu.Lock()
	defer e.mu.Unlock()
	for k, name := range e.trace.names {
		if fmt.Sprintf("%x", k[:]) == hex {
			return name
		}
	}
	return hex
}

// HoldShadow keeps shadow verification's references from starting while held (the samples queue
// up, within the queue's bound), so that a replayed chain runs exactly as it would without the
// verifier, which then finds what the chain did. Incident-replay build only.
func (e *Engine) HoldShadow(held bool) {
	e.mu.Lock()
	if e.sh != nil {
		e.sh.held = held
	}
	e.mu.Unlock()
	e.poke()
}
