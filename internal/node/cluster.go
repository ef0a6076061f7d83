package node

import (
	"context"
	"errors"
	"log/slog"
	"net"
	"os"
	"time"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
	"github.com/kvwarden/kvwarden/internal/transfer"
)

// ClusterConfig is a LocalCluster: one model, each node's engine configuration.
type ClusterConfig struct {
	Model           string // the model's name, told to the router
	Weights         *model.Model
	Tokenizer       *tokenizer.Tokenizer
	File            *gguf.File
	Prefill, Decode engine.Config // each node's engine; a nil Logger takes Logger
	SendTimeout     time.Duration // a transfer's bound (0: the engine's default)
	Logger          *slog.Logger  // the router's log; nil discards it
	Probe           time.Duration // the router's probe period (0: its default)
}

// LocalCluster is a prefill node, a decode node and a router in one process, as `kvwarden serve
// --role` runs them on three machines: mTLS gRPC on loopback with a throw-away development CA,
// one tenant-key secret for both nodes. For tests, benchmarks and replays.
type LocalCluster struct {
	Prefill, Decode *Node
	Router          *Router
	dial            *transfer.GRPCTransport // the router's
}

// routerStartTimeout bounds how long the router waits for the nodes' first answers.
const routerStartTimeout = 30 * time.Second

// StartLocalCluster starts the nodes, then the router over them. A node whose engine refuses to
// start gives a *GateError joining every node's refusal, and nothing is left running.
func StartLocalCluster(ctx context.Context, cfg ClusterConfig) (_ *LocalCluster, err error) {
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	c := &LocalCluster{}
	defer func() {
		if err != nil {
			c.Close()
		}
	}()
	dir, err := os.MkdirTemp("", "kvwarden-cluster-")
	if err != nil {
		return nil, err
	}
	defer os.RemoveAll(dir) // read once here; the keys live on in the TLS configs
	if _, err := transfer.WriteDevCerts(dir, time.Now()); err != nil {
		return nil, err
	}
	srvTLS, cliTLS, err := transfer.LoadTLS(dir)
	if err != nil {
		return nil, err
	}
	secret, err := transfer.LoadSecret(dir)
	if err != nil {
		return nil, err
	}
	var refused error
	for _, n := range []struct {
		role string
		ec   engine.Config
		into **Node
	}{{RolePrefill, cfg.Prefill, &c.Prefill}, {RoleDecode, cfg.Decode, &c.Decode}} {
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, err
		}
		n.ec.Secret = secret
		if n.ec.Logger == nil {
			n.ec.Logger = cfg.Logger
		}
		nd, err := StartNode(NodeConfig{Role: n.role, Model: cfg.Model, Listener: ln, ServerTLS: srvTLS, ClientTLS: cliTLS,
			Weights: cfg.Weights, Tokenizer: cfg.Tokenizer, File: cfg.File, Engine: n.ec, SendTimeout: cfg.SendTimeout})
		var gate *GateError
		if errors.As(err, &gate) {
			refused = errors.Join(refused, gate.Err) // the other node's gate is reported too
			continue
		}
		if err != nil {
			return nil, err
		}
		*n.into = nd
	}
	if refused != nil {
		return nil, &GateError{Err: refused}
	}
	c.dial = transfer.NewGRPCTransport(cliTLS)
	rctx, cancel := context.WithTimeout(ctx, routerStartTimeout)
	defer cancel()
	c.Router, err = NewRouter(rctx, RouterConfig{Prefill: []string{c.Prefill.Addr()}, Decode: []string{c.Decode.Addr()},
		Dial: c.dial, Weights: cfg.File.WeightsHash(), Model: cfg.Model, Logger: cfg.Logger, Probe: cfg.Probe})
	if err != nil {
		return nil, err
	}
	return c, nil
}

// Close stops the router, then the nodes.
func (c *LocalCluster) Close() {
	if c.Router != nil {
		c.Router.Close()
	}
	if c.dial != nil {
		c.dial.Close()
	}
	for _, n := range []*Node{c.Decode, c.Prefill} {
		if n != nil {
			n.Stop()
		}
	}
}
