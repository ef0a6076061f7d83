package node

import (
	"github.com/kvwarden/kvwarden/internal/console"
	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/operator"
)

// OperatorConfig is what a node shows on its operator listener (internal/operator): the engine
// series under the names every role uses (opmetrics: pool, queue, batch, the defences that
// stopped requests here and the transfer failures by check) and its own console. A defence is
// counted on the node where its check ran: an operator looks for a hand-off refusal on the
// receiving (decode) node. A node serves the vllm: series the endpoint picker reads (queue,
// running, KV usage, cache_config_info), so an EPP can pick among prefill or decode pods, and not
// the dashboard's, which its router serves for the cluster. A decode node verifying answers also serves shadow verification's counters (in
// opmetrics) and GET /shadow/mismatches.
func OperatorConfig(role, model string, eng *engine.Engine) operator.Config {
	rep := console.NewEngineReporter("local", role, eng)
	cfg := operator.Config{Role: role, Model: model, Engine: eng,
		Console: func() console.Snapshot { return console.NodeSnapshot(rep.Report(console.MaxCells)) }}
	if eng.Stats().Shadow.Enabled {
		cfg.Shadow = eng
	}
	return cfg
}

// Operator is the node's OperatorConfig.
func (n *Node) Operator() operator.Config { return OperatorConfig(n.Role, n.Model, n.Engine) }
