package engine

import "github.com/kvwarden/kvwarden/internal/core"

// ConsoleView is what the operator console needs of one engine, as the loop answers it (ask):
// the Stats snapshot (its page counts are one instant's) and every tenant's live requests,
// appended to loads. Both are O(tenants + live requests). The page map is not read here but from
// PageView, off the loop, so that a console on a pool of a million pages never holds up a step.
func (e *Engine) ConsoleView(loads []core.TenantLoad) (st Stats, _ []core.TenantLoad) {
	e.ask(func() {
		st = e.statsLocked()
		loads = e.core.TenantLoads(loads[:0])
	})
	return st, loads
}

// PageView is the pool's page states and owners as the core publishes them, safe to read from any
// goroutine (core.PageView).
func (e *Engine) PageView() *core.PageView { return e.pages }
