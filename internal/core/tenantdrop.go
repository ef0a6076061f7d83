package core

import "time"

// DropTenant takes every page of tenant's prefix cache out of the index, for a tenant the
// operator removed (or whose identity changed): nothing may ever hit those pages again. Idle pages
// are freed at once (their headers invalidated in the next Ready); pages a live request still
// reads are freed when it lets go, through the same path as a withdrawn page. Live requests of the
// tenant run to their end but cache nothing more. It returns how many cached pages were dropped.
//
// The tenant's fair-share record stays: it holds no page and no data, only a virtual clock.
func (c *Core) DropTenant(now time.Time, tenant string) int {
	c.clock(now)
	t := c.tenants[tenant]
	if t == nil || c.l.index == nil {
		return 0
	}
	n := 0
	for i := range c.l.pages {
		p := &c.l.pages[i]
		if p.state != pageCached || p.tenant != t.idx || p.doomed {
			continue
		}
		n++
		if c.l.withdraw(int32(i)) {
			c.freePage(int32(i))
		}
	}
	for _, r := range c.live {
		if r.t == t {
			r.noCache = true
		}
	}
	return n
}
