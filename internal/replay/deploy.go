//go:build incidentreplay

package replay

import (
	"context"
	"crypto/rand"
	"errors"
	"net"
	"os"
	"time"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/node"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
	"github.com/kvwarden/kvwarden/internal/transfer"
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
// `kvwarden serve --role` would on three machines: mTLS gRPC over loopback with development
// certificates, and one tenant-key secret for both nodes.
func startDisaggregated(ctx context.Context, cfg Config, m *model.Model, tok *tokenizer.Tokenizer, f *gguf.File, pre, dec engine.Config) (d *deployment, err error) {
	d = &deployment{}
	defer func() {
		if err != nil {
			d.close()
		}
	}()
	dir, err := os.MkdirTemp("", "kvwarden-replay-certs")
	if err != nil {
		return d, err
	}
	d.closers = append(d.closers, func() { os.RemoveAll(dir) })
	if err := transfer.WriteDevCerts(dir, time.Now()); err != nil {
		return d, err
	}
	srvTLS, cliTLS, err := transfer.LoadTLS(dir)
	if err != nil {
		return d, err
	}
	secret := make([]byte, 32)
	if _, err := rand.Read(secret); err != nil {
		return d, err
	}
	var addrs []string
	for _, n := range []struct {
		role string
		cfg  engine.Config
	}{{node.RolePrefill, pre}, {node.RoleDecode, dec}} {
		tr := transfer.NewGRPCTransport(cliTLS)
		d.closers = append(d.closers, func() { tr.Close() })
		n.cfg.Secret = secret
		n.cfg.Transfer = &engine.TransferConfig{File: f, Transport: tr, SendTimeout: 5 * time.Second}
		eng, err := engine.New(m, tok, n.cfg)
		if err != nil {
			d.startErr = errors.Join(d.startErr, err) // the gate: this node refuses to start
			continue
		}
		d.closers = append(d.closers, eng.Close)
		gs := transfer.NewGRPCServer(eng.Receiver(), srvTLS)
		if err := node.Register(gs, n.role, "replay", eng); err != nil {
			return d, err
		}
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return d, err
		}
		done := make(chan struct{})
		go func() { gs.Serve(l); close(done) }()
		d.closers = append(d.closers, func() { gs.Stop(); <-done })
		d.nodes = append(d.nodes, replayNode{role: n.role, eng: eng})
		addrs = append(addrs, l.Addr().String())
	}
	if d.startErr != nil {
		return d, nil
	}
	tr := transfer.NewGRPCTransport(cliTLS)
	d.closers = append(d.closers, func() { tr.Close() })
	rctx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	rt, err := node.NewRouter(rctx, node.RouterConfig{Prefill: addrs[:1], Decode: addrs[1:], Dial: tr,
		Weights: f.WeightsHash(), Model: "replay", Logger: cfg.Logger, Probe: 200 * time.Millisecond})
	if err != nil {
		return d, err
	}
	d.closers = append(d.closers, rt.Close)
	d.api = rt
	return d, nil
}

// nodeMetrics is a node's operator /metrics: the defences that fired there and its transfer
// failures by check.
func nodeMetrics(n replayNode) []string {
	return defenceMetrics(node.MetricsHandler(n.role, "replay", n.eng), "kvwarden_transfer_failures_total{")
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
