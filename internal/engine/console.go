package engine

import "github.com/kvwarden/kvwarden/internal/core"

// ConsoleView is what the operator console shows of one engine: the Stats snapshot (its page
// counts are one instant's), every tenant's live requests, and the pool grouped into at most
// maxCells cells. The engine's lock is held only for Stats and the tenant loads, both O(tenants +
// live requests); the page map is read from the core's PageView without it, so a console on a
// pool of a million pages never holds up a step. m's slices are reused; a nil m skips the map.
func (e *Engine) ConsoleView(maxCells int, m *core.PageMap, loads []core.TenantLoad) (Stats, []core.TenantLoad) {
	st := e.Stats()
	e.mu.Lock()
	loads = e.core.TenantLoads(loads[:0])
	view := e.core.PageView()
	e.mu.Unlock()
	if m != nil {
		view.Group(maxCells, m)
	}
	return st, loads
}
