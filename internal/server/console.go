package server

import (
	"cmp"
	"slices"

	dto "github.com/prometheus/client_model/go"

	"github.com/kvwarden/kvwarden/internal/console"
	"github.com/kvwarden/kvwarden/internal/engine"
)

// The operator console (internal/console) on the operator listener: the engine's pool, or every
// node's behind a router, and the tenants table, joined here with what the server knows of each
// tenant (its name as /metrics shows it, its limits and usage). Tenant UIDs join the two and
// never leave this file.

// consoleBuild returns the console's snapshot builder for the server's engine.
func (s *Server) consoleBuild() console.Build {
	role, reports := "single", func() []console.NodeReport { return nil }
	switch e := s.eng.(type) {
	case console.Cluster:
		role = "router"
		reports = func() []console.NodeReport { return e.ConsoleReports(console.MaxCells) }
	case *engine.Engine:
		r := console.NewEngineReporter("local", "single", e)
		reports = func() []console.NodeReport { return []console.NodeReport{r.Report(console.MaxCells)} }
	case interface{ Local() *engine.Engine }: // a prefill or decode node's own API (node.Handoffs)
		role = s.cfg.Role
		r := console.NewEngineReporter("local", role, e.Local())
		reports = func() []console.NodeReport { return []console.NodeReport{r.Report(console.MaxCells)} }
	}
	return func() console.Snapshot { return s.consoleSnapshot(role, reports()) }
}

func (s *Server) consoleSnapshot(role string, reports []console.NodeReport) console.Snapshot {
	snap := console.Snapshot{Role: role, Nodes: make([]console.Node, 0, len(reports))}
	type row struct {
		console.Tenant
		active bool // holds requests or pages on some node
	}
	rows := map[string]*row{} // by UID
	for _, r := range reports {
		snap.Nodes = append(snap.Nodes, r.Node)
		if !r.Healthy {
			continue
		}
		p := &snap.Pages
		p.Total, p.Free, p.Owned = p.Total+r.Pages.Total, p.Free+r.Pages.Free, p.Owned+r.Pages.Owned
		p.Cached, p.Quarantined = p.Cached+r.Pages.Cached, p.Quarantined+r.Pages.Quarantined
		for _, t := range r.Tenants {
			w := rows[t.UID]
			if w == nil {
				w = &row{Tenant: console.Tenant{Key: t.Key}}
				rows[t.UID] = w
			}
			w.Waiting += t.Waiting
			w.Running += t.Running
			w.Transferring += t.Transferring
			w.Pages += t.Pages
			w.active = w.active || t.Waiting+t.Running+t.Transferring+t.Pages > 0
		}
	}
	named := s.met.tenantUsage()
	for uid, w := range rows {
		n, ok := named[uid]
		if !ok && !w.active {
			continue // /metrics does not show it and it holds nothing: no row
		}
		w.Name, w.PromptTokens, w.CompletionTokens = n.name, n.prompt, n.completion
		delete(named, uid)
	}
	for uid, n := range named { // on /metrics, unknown to every node (a router whose nodes restarted)
		rows[uid] = &row{Tenant: console.Tenant{Name: n.name, PromptTokens: n.prompt, CompletionTokens: n.completion}}
	}
	for uid, w := range rows {
		if w.Name == "" && !w.active {
			continue
		}
		if v, ok := s.lim.view(uid); ok {
			w.Active, w.MaxConcurrent = v.active, v.limits.MaxConcurrent
			w.TokensReserved, w.TokensPerMinute = v.reserved, v.limits.TokensPerMinute
		}
		snap.Tenants = append(snap.Tenants, w.Tenant)
	}
	slices.SortFunc(snap.Tenants, func(a, b console.Tenant) int {
		return cmp.Or(cmp.Compare(a.Name, b.Name), cmp.Compare(a.Key, b.Key))
	})
	snap.Adapters = s.consoleAdapters()
	return snap
}

// consoleAdapters are the loaded LoRA adapters, by the hash of their names, with their running
// and waiting requests, where the engine counts them (a single process, a node's own API, a
// router: its requests in flight).
func (s *Server) consoleAdapters() []console.Adapter {
	adapters := *s.adapters.Load()
	el, ok := s.eng.(adapterLoader)
	if len(adapters) == 0 || !ok {
		return nil
	}
	loads := el.AdapterLoads()
	out := make([]console.Adapter, 0, len(adapters))
	for name, a := range adapters {
		l := loads[a.Fingerprint]
		out = append(out, console.Adapter{Hash: console.AdapterHash(name), Running: l.Running, Waiting: l.Waiting})
	}
	slices.SortFunc(out, func(a, b console.Adapter) int { return cmp.Compare(a.Hash, b.Hash) })
	return out
}

// tenantUse is what /metrics shows of one tenant.
type tenantUse struct {
	name               string
	prompt, completion uint64
}

// tenantUsage returns, by UID, the tenants that have kvwarden_tenant_* series, with their names
// and token counts as those series say.
func (m *metrics) tenantUsage() map[string]tenantUse {
	m.tenantMu.Lock()
	defer m.tenantMu.Unlock()
	out := make(map[string]tenantUse, len(m.tenantSeen))
	read := func(id, kind string) uint64 {
		var d dto.Metric
		if c, err := m.tenantTokens.GetMetricWithLabelValues(id, kind); err == nil && c.Write(&d) == nil {
			return uint64(d.GetCounter().GetValue())
		}
		return 0
	}
	for id, uid := range m.tenantSeen {
		out[uid] = tenantUse{name: id, prompt: read(id, "prompt"), completion: read(id, "completion")}
	}
	return out
}
