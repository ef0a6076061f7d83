package main

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"slices"
	"syscall"
	"time"

	"github.com/spf13/pflag"

	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/node"
	"github.com/kvwarden/kvwarden/internal/opmetrics"
	"github.com/kvwarden/kvwarden/internal/server"
	"github.com/kvwarden/kvwarden/internal/transfer"
)

// roleFlags are serve's flags for disaggregated serving.
type roleFlags struct {
	role     string
	nodeAddr string
	tlsDir   string
	prefill  []string
	decode   []string
	wait     time.Duration
	// A node's OpenAI API (llm-d's P/D sidecar routes to it): on when --addr is given.
	api       bool
	apiFile   string
	hold      time.Duration
	advertise string
}

func (r *roleFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&r.role, "role", "", `disaggregated serving: "prefill" or "decode" (a node), or "router"; empty serves the whole model in this process`)
	fs.StringVar(&r.nodeAddr, "node-addr", "", "node roles: the node's mTLS gRPC listener (node API and KV transfers)")
	fs.StringVar(&r.tlsDir, "tls-dir", "", "node and router roles: ca.pem, node.pem, node-key.pem and the tenant-key secret (see 'kvwarden certs')")
	fs.StringSliceVar(&r.prefill, "prefill", nil, "router: prefill nodes' --node-addr, comma-separated")
	fs.StringSliceVar(&r.decode, "decode", nil, "router: decode nodes' --node-addr, comma-separated")
	fs.DurationVar(&r.wait, "nodes-timeout", time.Minute, "router: how long start-up waits for every node to answer")
	fs.StringVar(&r.apiFile, "api-addr-file", "", "node roles: write the OpenAI API's listening address (--addr) to this file once listening")
	fs.DurationVar(&r.hold, "kv-hold", node.DefaultHold, "prefill node: how long a prompt's pages wait for the decode server that kv_transfer_params name (under 1m, the hand-off deadline)")
	fs.StringVar(&r.advertise, "node-advertise", "", "node roles: the HOST:PORT other nodes dial for --node-addr (default: the listener's address); hand-off tickets name it")
}

func (r *roleFlags) check() error {
	switch {
	case !slices.Contains([]string{node.RolePrefill, node.RoleDecode, "router"}, r.role):
		return fmt.Errorf("--role %q: want prefill, decode or router", r.role)
	case r.tlsDir == "":
		return errors.New("--role needs --tls-dir (create one with 'kvwarden certs --dir DIR')")
	case r.role == "router" && (len(r.prefill) == 0 || len(r.decode) == 0):
		return errors.New("--role router needs --prefill and --decode node addresses")
	case r.role != "router" && r.nodeAddr == "":
		return errors.New("--role " + r.role + " needs --node-addr")
	case r.role != "router" && (len(r.prefill) > 0 || len(r.decode) > 0):
		return errors.New("--prefill and --decode are the router's")
	case !(r.hold > 0 && r.hold < core.DefaultDeadlines.Transferring):
		return fmt.Errorf("--kv-hold %v: want more than 0 and less than %v (the hand-off deadline)", r.hold, core.DefaultDeadlines.Transferring)
	}
	if r.advertise != "" {
		if _, _, err := net.SplitHostPort(r.advertise); err != nil {
			return fmt.Errorf("--node-advertise %q: %v", r.advertise, err)
		}
	}
	return nil
}

// checkShadow refuses shadow verification where no answer is computed: the decode node holds the
// model and the whole answer (the prefill node's first token included), so it re-runs requests
// alone, prefill and decode both, on its own idle capacity; the router has no model, and a
// prefill node computes only a prompt's KV and one token.
func (r *roleFlags) checkShadow(fraction float64) error {
	if fraction > 0 && r.role != node.RoleDecode {
		return fmt.Errorf("--shadow-fraction with --role %s: shadow verification runs on the decode nodes, which hold the model and the whole answer; set it there", r.role)
	}
	return nil
}

// checkSpeculative refuses speculative decoding where nothing decodes (the router has no model and
// a prefill node computes a prompt's KV and one token), and a draft model on any node: a received
// page's draft half is never written.
func (r *roleFlags) checkSpeculative(mode string) error {
	switch {
	case mode == string(engine.SpecDraft):
		return fmt.Errorf("--speculative draft with --role %s: a draft model runs on a single process only (use lookup on the decode nodes)", r.role)
	case mode != "" && mode != string(engine.SpecOff) && r.role != node.RoleDecode:
		return fmt.Errorf("--speculative %s with --role %s: speculative decoding runs on the decode nodes; set it there", mode, r.role)
	}
	return nil
}

// serveRole runs this process as a node or a router; a node loads the --lora adapters.
func (f *serveFlags) serveRole(stderr io.Writer, lora loraPlan) error {
	if err := f.roles.check(); err != nil {
		return err
	}
	if err := f.roles.checkShadow(f.mf.shadowFraction); err != nil {
		return err
	}
	if err := f.roles.checkSpeculative(f.mf.speculative); err != nil {
		return err
	}
	log := slog.New(slog.NewTextHandler(stderr, nil)).With("role", f.roles.role)
	srvTLS, cliTLS, err := transfer.LoadTLS(f.roles.tlsDir)
	if err != nil {
		return err
	}
	if _, err := f.checkOperator(); err != nil {
		return err
	}
	ctx, stop := signalContext(os.Interrupt, syscall.SIGTERM)
	defer stop()
	if f.roles.role == "router" {
		return f.serveRouter(ctx, stderr, log, cliTLS)
	}
	var api *nodeAPI
	if f.roles.api {
		if api, err = f.openNodeAPI(log); err != nil {
			return err
		}
		defer api.ln.Close()
	}
	return f.serveNode(ctx, stderr, log, srvTLS, cliTLS, api, lora)
}

// serveNode runs a prefill or decode node: its own start-up gate, its engine, its LoRA adapters
// (lora, reloaded on SIGHUP), and the node and transfer services on one mTLS listener.
func (f *serveFlags) serveNode(ctx context.Context, stderr io.Writer, log *slog.Logger, srvTLS, cliTLS *tls.Config, api *nodeAPI, lora loraPlan) error {
	secret, err := transfer.LoadSecret(f.roles.tlsDir)
	if err != nil {
		return err
	}
	cfg, err := f.mf.engineConfig()
	if err != nil {
		return err
	}
	ls, err := f.bind("--node-addr", f.roles.nodeAddr, log)
	if err != nil {
		return err
	}
	defer ls.close()
	cfg.Logger, cfg.Secret = log, secret
	l, err := f.mf.load(ctx, stderr)
	if err != nil {
		return err
	}
	defer l.Close()
	loaded, err := loadAdapters(lora, l.model)
	if err != nil {
		return err
	}
	cfg.AdapterBytes, cfg.AdapterMemBytes = totalBytes(loaded), lora.limit // the node's start-up gate counts them
	adapters := &loadedAdapters{loraPlan: lora, base: l.model, live: loaded}
	ncfg := node.NodeConfig{Role: f.roles.role, Model: modelID(l.resolved.Path), Listener: ls.api,
		ServerTLS: srvTLS, ClientTLS: cliTLS, Weights: l.model, Tokenizer: l.tok, File: l.file, Engine: l.withModel(cfg),
		Hold: f.roles.hold, Advertise: f.roles.advertise, Adapters: loaded}
	if api != nil {
		ncfg.TicketKey = api.ticketKey
	}
	n, err := node.StartNode(ncfg)
	var gate *node.GateError
	if errors.As(err, &gate) {
		return fmt.Errorf("start-up gate: %w", planError(gate.Err))
	}
	if err != nil {
		return err
	}
	defer n.Stop() // a no-op once drained
	if api != nil {
		return f.serveNodeAPI(ctx, log, ls, n, l, api, adapters)
	}
	if err := ls.publish(n.Operator()); err != nil {
		return err
	}
	log.Info("node listening", "addr", n.Addr(), "model", n.Model, "max_context", n.Engine.Info().MaxContext, "lora_adapters", len(loaded))
	rs := roleServer{
		serve:    func() error { <-n.Done(); return n.Err() },
		shutdown: n.Shutdown, // ends every request, so the router's streams end too
	}
	if len(lora.mods) > 0 {
		// The router reads the new set at its next probe; until then the node refuses a request
		// naming bytes it no longer holds, which the router then sends to a node that holds them.
		rs.reload = func() {
			if err := n.SetAdapters(adapters.reload(log)); err != nil {
				log.Error("LoRA adapters reload failed; keeping the previous ones", "err", err)
			}
		}
	}
	return ls.run(ctx, f.drain, rs)
}

// serveRouter serves the OpenAI API like a single process, with a Router for an engine.
func (f *serveFlags) serveRouter(ctx context.Context, stderr io.Writer, log *slog.Logger, cliTLS *tls.Config) error {
	store, err := f.openStore(log)
	if err != nil {
		return err
	}
	ls, err := f.bind("--addr", f.addr, log)
	if err != nil {
		return err
	}
	defer ls.close()
	// The router runs no model: the nodes tell it the model's name, tokenizer and chat template.
	// Given a model file, it serves only nodes that serve that very file.
	rcfg := node.RouterConfig{Prefill: f.roles.prefill, Decode: f.roles.decode, Logger: log}
	if f.mf.model != "" {
		l, err := f.mf.load(ctx, stderr)
		if err != nil {
			return err
		}
		rcfg.Weights, rcfg.Model = l.file.WeightsHash(), modelID(l.resolved.Path)
		l.Close()
	}
	tr := transfer.NewGRPCTransport(cliTLS)
	defer tr.Close()
	rcfg.Dial = tr
	nctx, cancel := context.WithTimeout(ctx, f.roles.wait)
	rt, err := node.NewRouter(nctx, rcfg)
	cancel()
	if err != nil {
		return err
	}
	defer rt.Close()
	// The model's name stands for its file's path: the served name is the file's base name.
	scfg := f.serverConfig(log, rt.Info().ModelName)
	scfg.Role = opmetrics.RoleRouter
	scfg.Adapters = remoteAdapters(rt.Adapters())
	srv, err := server.New(scfg, rt, rt.Tokenizer(), store)
	if err != nil {
		return err
	}
	// The nodes' adapters change when they reload (SIGHUP): the server serves the names some
	// prefill and some decode node hold now, so that no request is sent under an adapter no node has.
	rt.FollowAdapters(func(fps map[string][32]byte) {
		if err := srv.SetAdapters(remoteAdapters(fps)); err != nil {
			log.Error("the nodes' LoRA adapters could not be served; keeping the previous ones", "err", err)
		}
	})
	if err := ls.publish(srv.Operator()); err != nil {
		return err
	}
	log.Info("router listening", "addr", ls.api.Addr().String(), "prefill", f.roles.prefill, "decode", f.roles.decode, "max_context", rt.Info().MaxContext,
		"lora_adapters", len(scfg.Adapters))
	return ls.run(ctx, f.drain, roleServer{
		serve:    func() error { return srv.Serve(ls.api) },
		shutdown: srv.Shutdown,
		reload:   f.reload(log, srv, nil),
	})
}

// remoteAdapters are the LoRA adapters a router serves, known by name and fingerprint from its
// nodes: the server selects and grants them by name and sends the fingerprint; each node finds
// its own weights by it (model.RemoteAdapter holds none).
func remoteAdapters(fps map[string][32]byte) map[string]*model.Adapter {
	out := make(map[string]*model.Adapter, len(fps))
	for name, fp := range fps {
		out[name] = model.RemoteAdapter(fp)
	}
	return out
}
