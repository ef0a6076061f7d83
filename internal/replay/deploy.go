//go:build incidentreplay

package replay

import (
	"context"
	"errors"
	"time"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/node"
	"github.com/kvwarden/kvwarden/internal/operator"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
)

// deployment is what serves the replay's API: one engine, or a router over two nodes.
type deployment struct {
	api      engine.Interface
	nodes    []replayNode // the engines, in chain order (prefill before decode)
	startErr error        // a node refused to start (the gate): nothing serves
	closers  []func()     // in reverse order of start
}

type replayNode struct {
	role string
	eng  *engine.Engine
}

func (d *deployment) close() {
	for i := len(d.closers) - 1; i >= 0; i-- {
		d.closers[i]()
	}
}

func startSingle(m *model.Model, tok *tokenizer.Tokenizer, cfg engine.Config) (*deployment, error) {
	d := &deployment{}
	eng, err := engine.New(m, tok, cfg)
	if err != nil {
		d.startErr = err
		return d, nil
	}
	d.closers = append(d.closers, eng.Close)
	d.api, d.nodes = eng, []replayNode{{role: "single", eng: eng}}
	return d, nil
}

// startDisaggregated starts a prefill node, a decode node and a router in process, as
// `kvwarden serve --role` would on three machines.
func startDisaggregated(ctx context.Context, cfg Config, m *model.Model, tok *tokenizer.Tokenizer, f *gguf.File, pre, dec engine.Config) (*deployment, error) {
	c, err := node.StartLocalCluster(ctx, node.ClusterConfig{Model: "replay", Weights: m, Tokenizer: tok, File: f,
		Prefill: pre, Decode: dec, SendTimeout: 5 * time.Second, Logger: cfg.Logger, Probe: 200 * time.Millisecond})
	var gate *node.GateError
	if errors.As(err, &gate) {
		return &deployment{startErr: gate.Err}, nil // the gate: a node refuses to start
	}
	if err != nil {
		return nil, err
	}
	return &deployment{api: c.Router, closers: []func(){c.Close},
		nodes: []replayNode{{role: node.RolePrefill, eng: c.Prefill.Engine}, {role: node.RoleDecode, eng: c.Decode.Engine}}}, nil
}

// nodeMetrics is a node's operator /metrics: the defences that fired there and its transfer
// failures by check.
func nodeMetrics(n replayNode) []string {
	return defenceMetrics(operator.New(node.OperatorConfig(n.role, "replay", n.eng)), "kvwarden_transfer_failures_total{")
}

// cancelled is how many requests the engines counted as cancelled by their clients.
func (d *deployment) cancelled() uint64 {
	var n uint64
	for _, nd := range d.nodes {
		n += nd.eng.Stats().Aborted[kvtypes.AbortCancelled]
	}
	return n
}

// waitIdle waits until no engine has a request left (10 s at most): a hang-up reaches the engine
// a moment after the client makes it.
func (d *deployment) waitIdle(ctx context.Context) {
	deadline := time.Now().Add(10 * time.Second)
	for ctx.Err() == nil && time.Now().Before(deadline) {
		busy := false
		for _, nd := range d.nodes {
			st := nd.eng.Stats()
			busy = busy || st.Waiting+st.Running+st.Transferring > 0
		}
		if !busy {
			return
		}
		time.Sleep(5 * time.Millisecond)
	}
}
