package node

// The router's health checks: each node probed on its own loop, the verdicts, and readiness.

import (
	"context"
	"time"

	"google.golang.org/grpc"
)

func fetchInfo(ctx context.Context, cc grpc.ClientConnInterface) (Info, error) {
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	cs, err := call(ctx, cc, methodInfo, struct{}{})
	if err != nil {
		return Info{}, err
	}
	var in Info
	err = recv(cs, &in)
	return in, err
}

// probe health-checks one node until Close. Each node has its own loop, so a frozen node's
// probes, waiting out their deadline, delay no other node's.
func (r *Router) probe(m *member) {
	defer r.wg.Done()
	t := time.NewTicker(r.cfg.Probe)
	defer t.Stop()
	for {
		select {
		case <-r.stop:
			return
		case <-t.C:
		}
		m.mu.Lock()
		sent, sentPages := m.pending, m.pendingPages
		m.mu.Unlock()
		ctx, cancel := context.WithTimeout(r.life, r.cfg.ProbeTimeout) // Close cuts a probe short
		in, err := fetchInfo(ctx, m.cc)
		cancel()
		if r.life.Err() != nil {
			return // closing: no verdict
		}
		refused := false
		if err == nil {
			err = r.admit(m, in)
			refused = err != nil
		}
		r.report(m, in, err, refused, sent, sentPages)
		r.publishAdapters() // a node reloaded with other adapters: the API server follows
	}
}

// report records a probe's outcome. A node leaves the rotation after ProbeFailures failed probes
// in a row (one missed probe on a loaded machine is no outage), at once when it serves another
// model; but the last node of its role in rotation is kept there, failing, since routing to it
// may still work where routing to none cannot (the router's /ready says it is not ready).
func (r *Router) report(m *member, in Info, err error, refused bool, sent, sentPages int) {
	r.healthMu.Lock()
	defer r.healthMu.Unlock()
	m.mu.Lock()
	was := m.healthy
	if err == nil {
		m.healthy, m.failing, m.refused, m.last = true, 0, false, in
		// The report counts the reservations made before it was asked for.
		m.pending, m.pendingPages = max(0, m.pending-sent), max(0, m.pendingPages-sentPages)
	} else {
		m.failing++
		m.refused, m.why = refused, err.Error()
		if refused || m.failing >= r.cfg.ProbeFailures {
			m.healthy = false
		}
	}
	now := m.healthy
	m.mu.Unlock()
	if was && !now && !refused && r.inRotation(m.role) == 0 {
		m.mu.Lock()
		m.healthy = true
		m.mu.Unlock()
		if m.failing == r.cfg.ProbeFailures {
			r.log.Warn("router: node fails its probes but is the last of its role: kept in rotation", "node", m.addr, "role", m.role, "err", err)
		}
		return
	}
	if was != now {
		r.log.Warn("router: node health changed", "node", m.addr, "role", m.role, "healthy", now, "failed_probes", m.failing, "err", err)
	}
}

// inRotation counts a role's nodes in rotation. Called with healthMu held.
func (r *Router) inRotation(role string) int {
	n := 0
	for _, o := range r.nodes {
		o.mu.Lock()
		if o.role == role && o.healthy {
			n++
		}
		o.mu.Unlock()
	}
	return n
}

// NotReady says why the router cannot serve, or "" when it can: a role with no node passing its
// probes (a failing node kept in rotation as the last of its role does not count).
func (r *Router) NotReady() string {
	for _, role := range []string{RolePrefill, RoleDecode} {
		ok := false
		for _, m := range r.nodes {
			m.mu.Lock()
			ok = ok || (m.role == role && m.healthy && m.failing < r.cfg.ProbeFailures)
			m.mu.Unlock()
		}
		if !ok {
			return "no_healthy_" + role + "_node"
		}
	}
	return ""
}
