package main

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"os/signal"
	"slices"
	"syscall"
	"time"

	"github.com/spf13/pflag"

	"github.com/kvwarden/kvwarden/internal/engine"
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
}

func (r *roleFlags) register(fs *pflag.FlagSet) {
	fs.StringVar(&r.role, "role", "", `disaggregated serving: "prefill" or "decode" (a node), or "router"; empty serves the whole model in this process`)
	fs.StringVar(&r.nodeAddr, "node-addr", "", "node roles: the node's mTLS gRPC listener (node API and KV transfers)")
	fs.StringVar(&r.tlsDir, "tls-dir", "", "node and router roles: ca.pem, node.pem, node-key.pem and the tenant-key secret (see 'kvwarden certs')")
	fs.StringSliceVar(&r.prefill, "prefill", nil, "router: prefill nodes' --node-addr, comma-separated")
	fs.StringSliceVar(&r.decode, "decode", nil, "router: decode nodes' --node-addr, comma-separated")
	fs.DurationVar(&r.wait, "nodes-timeout", time.Minute, "router: how long start-up waits for every node to answer")
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

// serveRole runs this process as a node or a router.
func (f *serveFlags) serveRole(stderr io.Writer) error {
	if err := f.roles.check(); err != nil {
		return err
	}
	if err := f.roles.checkShadow(f.mf.shadowFraction); err != nil {
		return err
	}
	log := slog.New(slog.NewTextHandler(stderr, nil)).With("role", f.roles.role)
	srvTLS, cliTLS, err := transfer.LoadTLS(f.roles.tlsDir)
	if err != nil {
		return err
	}
	metricsOn, err := checkMetricsAddr(f.metricsAddr, f.metricsAny)
	if err != nil {
		return err
	}
	ctx, stop := signalContext(os.Interrupt, syscall.SIGTERM)
	defer stop()
	if f.roles.role == "router" {
		return f.serveRouter(ctx, stderr, log, cliTLS, metricsOn)
	}
	return f.serveNode(ctx, stderr, log, srvTLS, cliTLS, metricsOn)
}

// serveNode runs a prefill or decode node: its own start-up gate, its engine, and the node and
// transfer services on one mTLS listener.
func (f *serveFlags) serveNode(ctx context.Context, stderr io.Writer, log *slog.Logger, srvTLS, cliTLS *tls.Config, metricsOn bool) error {
	secret, err := transfer.LoadSecret(f.roles.tlsDir)
	if err != nil {
		return err
	}
	cfg, err := f.mf.engineConfig()
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", f.roles.nodeAddr)
	if err != nil {
		return fmt.Errorf("--node-addr: %w", err)
	}
	defer ln.Close()
	var mln net.Listener
	if metricsOn {
		if mln, err = net.Listen("tcp", f.metricsAddr); err != nil {
			return fmt.Errorf("--metrics-addr: %w", err)
		}
		defer mln.Close()
	}
	tr := transfer.NewGRPCTransport(cliTLS)
	defer tr.Close()
	cfg.Logger, cfg.Secret = log, secret
	l, err := f.mf.load(ctx, stderr)
	if err != nil {
		return err
	}
	defer l.Close()
	cfg.Transfer = &engine.TransferConfig{File: l.file, Transport: tr}
	eng, err := l.engine(cfg)
	if err != nil {
		return fmt.Errorf("start-up gate: %w", err)
	}
	model := modelID(l.resolved.Path)
	gs := transfer.NewGRPCServer(eng.Receiver(), srvTLS)
	if err := node.Register(gs, f.roles.role, model, eng); err != nil {
		eng.Close()
		return err
	}
	var msrv *http.Server
	if mln != nil {
		msrv = &http.Server{Handler: node.MetricsHandler(f.roles.role, model, eng), ReadHeaderTimeout: 5 * time.Second, WriteTimeout: 30 * time.Second}
		go msrv.Serve(mln)
		if err := writeAddr(f.metricsFile, mln); err != nil {
			eng.Close()
			return err
		}
	}
	if err := writeAddr(f.portFile, ln); err != nil {
		eng.Close()
		return err
	}
	log.Info("node listening", "addr", ln.Addr().String(), "model", model, "max_context", eng.Info().MaxContext)
	errc := make(chan error, 1)
	go func() { errc <- gs.Serve(ln) }()
	select {
	case <-ctx.Done():
	case err = <-errc:
	}
	log.Info("node stopping")
	dctx, cancel := context.WithTimeout(context.Background(), f.drain)
	defer cancel()
	eng.Drain(dctx) // ends every request, so the router's streams end too
	gs.Stop()
	if msrv != nil {
		msrv.Close()
	}
	return err
}

// serveRouter serves the OpenAI API like a single process, with a Router for an engine.
func (f *serveFlags) serveRouter(ctx context.Context, stderr io.Writer, log *slog.Logger, cliTLS *tls.Config, metricsOn bool) error {
	store, err := f.openStore(log)
	if err != nil {
		return err
	}
	ln, mln, err := f.listen(metricsOn)
	if err != nil {
		return err
	}
	defer ln.Close()
	if mln != nil {
		defer mln.Close()
	}
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
	srv, err := server.New(scfg, rt, rt.Tokenizer(), store)
	if err != nil {
		return err
	}
	msrv, merrc, err := f.startMetrics(srv, mln, log)
	if err != nil {
		return err
	}
	if err := writeAddr(f.portFile, ln); err != nil {
		return err
	}
	log.Info("router listening", "addr", ln.Addr().String(), "prefill", f.roles.prefill, "decode", f.roles.decode, "max_context", rt.Info().MaxContext)
	hup := make(chan os.Signal, 1)
	signal.Notify(hup, syscall.SIGHUP)
	defer signal.Stop(hup)
	errc := make(chan error, 1)
	go func() { errc <- srv.Serve(ln) }()
	runErr := f.waitForStop(ctx, log, srv, hup, errc, merrc)
	sctx, scancel := context.WithTimeout(context.Background(), f.drain)
	defer scancel()
	srv.Shutdown(sctx)
	if msrv != nil {
		msrv.Shutdown(sctx)
	}
	return runErr
}
