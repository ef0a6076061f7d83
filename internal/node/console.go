package node

import (
	"context"
	"sync"
	"time"

	"github.com/kvwarden/kvwarden/internal/console"
)

// consoleTimeout bounds one node's console report: a node that does not answer in time is shown
// unreachable in that snapshot instead of holding up the others.
const consoleTimeout = time.Second

// ConsoleReports implements console.Cluster: every node's report, asked of all at once, its map
// given an equal share of cells. A node that does not answer is reported unhealthy with the
// reason; so is one the health checks took out of rotation.
func (r *Router) ConsoleReports(cells int) []console.NodeReport {
	out := make([]console.NodeReport, len(r.nodes))
	per := max(1, cells/len(r.nodes))
	var wg sync.WaitGroup
	for i, m := range r.nodes {
		wg.Go(func() {
			rep, err := fetchConsole(m, per)
			m.mu.Lock()
			healthy, why := m.healthy, m.why
			m.mu.Unlock()
			if err != nil {
				rep = console.NodeReport{Node: console.Node{Error: err.Error()}}
			} else if !healthy {
				rep.Error = "out of rotation: " + why
			}
			rep.Name, rep.Role, rep.Healthy = m.addr, m.role, err == nil && healthy
			out[i] = rep
		})
	}
	wg.Wait()
	return out
}

func fetchConsole(m *member, cells int) (console.NodeReport, error) {
	ctx, cancel := context.WithTimeout(context.Background(), consoleTimeout)
	defer cancel()
	var rep console.NodeReport
	cs, err := call(ctx, m.cc, methodConsole, consoleRequest{Cells: cells})
	if err == nil {
		err = recv(cs, &rep)
	}
	return rep, err
}

var _ console.Cluster = (*Router)(nil)
