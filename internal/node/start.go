package node

import (
	"cmp"
	"context"
	"crypto/tls"
	"errors"
	"log/slog"
	"net"
	"sync"
	"time"

	"github.com/kvwarden/kvwarden/internal/clock"
	"github.com/kvwarden/kvwarden/internal/console"
	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/gguf"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/tokenizer"
	"github.com/kvwarden/kvwarden/internal/transfer"
)

// NodeConfig is what a node needs to start: its engine's parts and its mTLS listener.
type NodeConfig struct {
	Role  string // RolePrefill or RoleDecode
	Model string // the model's name, as routers learn it
	// Listener is the node's one listener (node API and KV transfers); StartNode serves it, and
	// closes it if it fails.
	Listener             net.Listener
	ServerTLS, ClientTLS *tls.Config // transfer.LoadTLS's
	Weights              *model.Model
	Tokenizer            *tokenizer.Tokenizer
	File                 *gguf.File // the model's file: the fingerprint peers compare
	// Engine is the engine's configuration with the cluster's tenant-key secret; StartNode sets
	// its Transfer.
	Engine      engine.Config
	SendTimeout time.Duration // a transfer's bound (0: the engine's default)
	// Adapters are the LoRA adapters the node runs (serve --lora), each loaded against Weights.
	// A router learns their names and fingerprints from Info at its start.
	Adapters map[string]*model.Adapter
	// Sends wraps the node's transport (nil: used as it is), so tests can inject faults.
	Sends func(transfer.Transport) transfer.Transport
	// TicketKey, when set, makes the node's engine an OpenAI server's (Node.Handoffs): it signs
	// and checks hand-off tickets with it (transfer.LoadTicketKey).
	TicketKey []byte
	Hold      time.Duration // how long a prefill node holds a prompt's pages (0: DefaultHold)
	// Advertise is the address peers dial for this node's listener (empty: the listener's).
	Advertise string
}

// GateError is an engine that refused to start (its start-up gate): the configuration, not the
// machine, is wrong.
type GateError struct{ Err error }

func (e *GateError) Error() string { return e.Err.Error() }
func (e *GateError) Unwrap() error { return e.Err }

// Node is a running prefill or decode node: its engine, and the transfer and node services on its
// listener.
type Node struct {
	Role, Model string
	Engine      *engine.Engine
	// Handoffs is the engine as the node's OpenAI server drives it (nil without a TicketKey).
	Handoffs *Handoffs
	addr     string
	gs       *transfer.GRPCServer
	tr       *transfer.GRPCTransport
	weights  *model.Model
	adapters *nodeAdapters
	done     chan struct{} // closed when the listener has stopped serving
	serveErr error         // why, once done is closed (nil: stopped)
	stopOnce sync.Once
}

// StartNode starts the node's engine and serves its listener until Shutdown or Stop.
func StartNode(cfg NodeConfig) (*Node, error) {
	if cfg.Role != RolePrefill && cfg.Role != RoleDecode {
		cfg.Listener.Close()
		return nil, errors.New("node: role must be prefill or decode")
	}
	tr := transfer.NewGRPCTransport(cfg.ClientTLS)
	var sends transfer.Transport = tr
	if cfg.Sends != nil {
		sends = cfg.Sends(tr)
	}
	ec := cfg.Engine
	ec.Transfer = &engine.TransferConfig{File: cfg.File, Transport: sends, SendTimeout: cfg.SendTimeout}
	e, err := engine.New(cfg.Weights, cfg.Tokenizer, ec)
	if err != nil {
		tr.Close()
		cfg.Listener.Close()
		return nil, &GateError{Err: err}
	}
	n := &Node{Role: cfg.Role, Model: cfg.Model, Engine: e, addr: cfg.Listener.Addr().String(), weights: cfg.Weights,
		adapters: &nodeAdapters{}, gs: transfer.NewGRPCServer(e.Receiver(), cfg.ServerTLS), tr: tr, done: make(chan struct{})}
	if err := n.SetAdapters(cfg.Adapters); err != nil {
		e.Close()
		tr.Close()
		cfg.Listener.Close()
		return nil, err
	}
	if cfg.Advertise != "" {
		n.addr = cfg.Advertise
	}
	if cfg.TicketKey != nil {
		n.Handoffs = &Handoffs{Engine: e, role: cfg.Role, self: n.addr, keys: tickets{key: cfg.TicketKey}, hold: cmp.Or(cfg.Hold, DefaultHold),
			clock: clock.Or(ec.Clock), dial: tr, log: cmp.Or(ec.Logger, slog.Default()), holds: map[string]*hold{},
			held: map[string]int{}, maxHeld: e.Plan().Pages / 2}
	}
	n.gs.Register(&serviceDesc, &Service{role: cfg.Role, model: cfg.Model, e: e, adapters: n.adapters,
		reporter: console.NewEngineReporter("", cfg.Role, e), h: n.Handoffs})
	go func() { n.serveErr = n.gs.Serve(cfg.Listener); close(n.done) }()
	return n, nil
}

// Addr is the node's listening address, for routers and peers.
func (n *Node) Addr() string { return n.addr }

// Done is closed when the listener has stopped serving: after Shutdown or Stop, or on its own
// failure (then Err says why).
func (n *Node) Done() <-chan struct{} { return n.done }

// Err is why the listener stopped serving, once Done is closed; nil after Shutdown or Stop.
func (n *Node) Err() error { return n.serveErr }

// Shutdown drains: the engine admits nothing more and waits for its requests until ctx is done
// (then aborts the rest), the routers' streams carry their last events, and the listener stops.
// It reports ctx's error if ctx ended first.
func (n *Node) Shutdown(ctx context.Context) error {
	err := errors.New("node: already stopped")
	n.stopOnce.Do(func() {
		n.Engine.Drain(ctx)
		// The engine's streams have ended, but their last events may still be on their way: a
		// cut connection would turn a whole answer into a lost node. Aborts get a moment too.
		gctx := ctx
		if ctx.Err() != nil {
			var cancel context.CancelFunc
			gctx, cancel = context.WithTimeout(context.Background(), abortGrace)
			defer cancel()
		}
		n.gs.GracefulStop(gctx)
		<-n.done
		n.tr.Close()
		err = ctx.Err()
	})
	return err
}

// abortGrace is how long a drain cut short still gives the aborts to reach the routers.
const abortGrace = time.Second

// Stop stops the node as a crash would: connections closed at once, requests aborted.
func (n *Node) Stop() {
	n.stopOnce.Do(func() {
		n.gs.Stop()
		<-n.done
		n.Engine.Close()
		n.tr.Close()
	})
}
