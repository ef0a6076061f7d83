package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"time"

	"github.com/spf13/cobra"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/kv"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/operator"
	"github.com/kvwarden/kvwarden/internal/server"
	"github.com/kvwarden/kvwarden/internal/tenants"
	"github.com/kvwarden/kvwarden/internal/toolcall"
)

// modelID names the served model after its file, as clients pass it in "model".
func modelID(path string) string {
	return strings.TrimSuffix(filepath.Base(path), ".gguf")
}

// servedNames are the reported model name and its aliases: the operator's names if given, else
// the file's name.
func servedNames(flagNames []string, path string) (string, []string) {
	if len(flagNames) > 0 {
		return flagNames[0], flagNames[1:]
	}
	return modelID(path), nil
}

// checkServedNames refuses an empty name, which would make "model" optional in name only.
func checkServedNames(names []string) error {
	for _, n := range names {
		if strings.TrimSpace(n) == "" {
			return errors.New("--served-model-name: a name must not be empty")
		}
	}
	return nil
}

// serveFlags are the flags of "kvwarden serve".
type serveFlags struct {
	mf          modelFlags
	addr        string
	tenantsFile string
	dev         bool
	drain       time.Duration
	portFile    string
	metricsAddr string
	metricsFile string
	metricsAny  bool
	// operatorHosts are the names the operator listener answers besides loopback and its own IP.
	operatorHosts []string
	roles         roleFlags // roles.go
	modelNames    []string
	apiKey        string
	origins       []string
	toolParser    string
	lora          loraFlags // lora.go
}

func newServeCmd() *cobra.Command {
	var f serveFlags
	cmd := command("serve", "Serve the OpenAI-compatible multi-tenant API",
		`Serve the OpenAI-compatible API (/v1/models, /v1/completions, /v1/chat/completions) with
/health and /ready. Tenants come from --tenants (see "kvwarden tenant add"); --api-key KEY (or
$KVWARDEN_API_KEY) instead serves one tenant with that key; --dev runs one open tenant without keys,
allowed on a loopback address only. Prometheus metrics are server-wide,
so they are served to the operator on --metrics-addr (loopback by default), never on the API port.
Both ports are bound before the model loads, so a port in use fails at once.
SIGHUP reloads the tenants file; SIGTERM or Ctrl-C drains in-flight requests, then exits.`,
		cobra.NoArgs, func(cmd *cobra.Command, _ []string) error {
			f.roles.api = cmd.Flags().Changed("addr") // a node serves the OpenAI API only when asked to
			return f.serve(cmd.ErrOrStderr())
		})
	f.mf.register(cmd.Flags())
	f.mf.registerShadow(cmd.Flags())
	f.mf.registerSpeculative(cmd.Flags())
	cmd.Flags().StringVar(&f.addr, "addr", "127.0.0.1:8080", "listen address of the API")
	cmd.Flags().StringVar(&f.tenantsFile, "tenants", "", "tenants file (API keys → tenants; see 'kvwarden tenant add')")
	cmd.Flags().StringVar(&f.apiKey, "api-key", "", "one tenant (\"default\", no limits) with this key, instead of --tenants; $"+tenants.APIKeyEnv+" keeps it out of the process list")
	cmd.Flags().BoolVar(&f.dev, "dev", false, "dev mode instead of --tenants: one open tenant, no keys; loopback --addr only")
	cmd.Flags().DurationVar(&f.drain, "drain-timeout", 30*time.Second, "how long SIGTERM waits for in-flight requests")
	cmd.Flags().StringVar(&f.portFile, "addr-file", "", "write the API's listening address to this file once listening")
	cmd.Flags().StringVar(&f.metricsAddr, "metrics-addr", "127.0.0.1:9090", `operator listener for GET /metrics; "" or "off" disables it`)
	cmd.Flags().BoolVar(&f.metricsAny, "metrics-allow-remote", false, "allow a --metrics-addr that is not loopback (metrics are server-wide and take no key)")
	cmd.Flags().StringSliceVar(&f.modelNames, "served-model-name", nil, `names clients pass in "model" (repeat or comma-separate); the first is reported in responses (default: the model file's name)`)
	cmd.Flags().StringVar(&f.toolParser, "tool-call-parser", "", "syntax of the model's tool calls: "+strings.Join(toolcall.Names(), ", ")+" (default: chosen from the model's chat template)")
	cmd.Flags().StringSliceVar(&f.origins, "allowed-origins", nil, "browser origins (scheme://host[:port], or *) allowed to call the API (CORS); none by default")
	cmd.Flags().StringSliceVar(&f.operatorHosts, "operator-hosts", nil, "host names the operator listener answers besides localhost, loopback and the IP address it is reached at (comma-separated; any other Host gets 421)")
	f.lora.register(cmd.Flags())
	cmd.Flags().StringVar(&f.metricsFile, "metrics-addr-file", "", "write the metrics listener's address to this file once listening")
	f.roles.register(cmd.Flags())
	return cmd
}

// serve is "kvwarden serve": check the flags, bind, load the model, serve until a signal or a
// listener fails, then drain.
func (f *serveFlags) serve(stderr io.Writer) error {
	lora, err := f.lora.parse()
	if err != nil {
		return err
	}
	if f.roles.role != "" {
		if len(lora.mods) > 0 && f.roles.role == "router" {
			return errors.New("--lora: the router runs no model: give --lora to the prefill and decode nodes, whose adapters it serves")
		}
		return f.serveRole(stderr, lora)
	}
	log := slog.New(slog.NewTextHandler(stderr, nil))
	store, err := f.openStore(log)
	if err != nil {
		return err
	}
	cfg, err := f.mf.engineConfig()
	if err != nil {
		return err
	}
	// Bind first: a port in use must not be found only after a model of gigabytes loaded.
	ls, err := f.bind("--addr", f.addr, log)
	if err != nil {
		return err
	}
	defer ls.close()
	ctx, stop := signalContext(os.Interrupt, syscall.SIGTERM)
	defer stop()
	cfg.Logger = log
	l, eng, loaded, err := f.startEngine(ctx, stderr, cfg, lora)
	if err != nil {
		return err
	}
	defer l.Close()
	scfg := f.serverConfig(log, l.resolved.Path)
	scfg.Adapters = loaded
	adapters := &loadedAdapters{loraPlan: lora, base: l.model, live: loaded}
	srv, err := server.New(scfg, eng, l.tok, store)
	if err != nil {
		eng.Close()
		return err
	}
	if !kv.IsolationChecks {
		log.Warn("THIS BINARY WAS BUILT WITH -tags noisolation: page header checks are compiled out; use it only to measure their cost, never to serve tenants")
	}
	if err := ls.publish(srv.Operator()); err != nil {
		eng.Close()
		return err
	}
	log.Info("listening", "addr", ls.api.Addr().String())
	fmt.Fprint(stderr, banner(ls.api.Addr().String(), ls.metricsAddr(), scfg.ModelName, srv.Endpoints(), eng.Plan()))
	return ls.run(ctx, f.drain, roleServer{
		serve: func() error { return srv.Serve(ls.api) },
		shutdown: func(ctx context.Context) error {
			err := srv.Shutdown(ctx)
			eng.Drain(ctx)
			return err
		},
		reload: f.reload(log, srv, adapters),
	})
}

// startEngine loads the model and the --lora adapters, and starts the engine behind the
// start-up gate, which counts the adapters' bytes, logging the plan. The caller closes the model;
// the engine is closed by its drain.
func (f *serveFlags) startEngine(ctx context.Context, stderr io.Writer, cfg engine.Config, lora loraPlan) (*loaded, *engine.Engine, map[string]*model.Adapter, error) {
	log := cfg.Logger
	l, err := f.mf.load(ctx, stderr)
	if err != nil {
		return nil, nil, nil, err
	}
	adapters, err := loadAdapters(lora, l.model)
	if err != nil {
		l.Close()
		return nil, nil, nil, err
	}
	cfg.AdapterBytes, cfg.AdapterMemBytes = totalBytes(adapters), lora.limit
	eng, err := l.engine(cfg)
	if err != nil {
		l.Close()
		return nil, nil, nil, fmt.Errorf("start-up gate: %w", err)
	}
	plan := eng.Plan()
	if plan.ModelContextOverridden {
		log.Warn(overrideWarning(plan))
	}
	if sf := cfg.Shadow.Fraction; sf > 0 {
		log.Info("shadow verification on: answers re-run alone on idle capacity and compared bit for bit", "fraction", sf)
	}
	log.Info("model loaded", "model", l.model.Name, "arch", l.model.Arch, "file", l.resolved.Path,
		"layers", l.model.Layers, "dim", l.model.Dim, "vocab", l.model.Vocab)
	log.Info("capacity plan", "bytes_per_token", plan.BytesPerToken, "pages", plan.Pages,
		"page_tokens", plan.PageTokens, "pool_tokens", plan.Tokens, "model_context", plan.ModelContext,
		"advertised_context", plan.MaxContext, "lora_adapters", len(adapters), "lora_dtype", lora.dtype, "lora_bytes", plan.AdapterBytes, "lora_mem_bytes", plan.AdapterMemBytes)
	return l, eng, adapters, nil
}

// reload reloads srv's tenants (on SIGHUP), keeping the previous ones if the file is broken,
// then its LoRA adapters (adapters may be nil: a router serves none).
func (f *serveFlags) reload(log *slog.Logger, srv *server.Server, adapters *loadedAdapters) func() {
	return func() {
		if f.tenantsFile != "" {
			tenants.WarnInsecure(log, f.tenantsFile)
		}
		if err := srv.ReloadTenants(); err != nil {
			log.Error("tenants reload failed; keeping the previous tenants", "err", err)
		}
		if adapters == nil || len(adapters.mods) == 0 {
			return
		}
		if err := srv.SetAdapters(adapters.reload(log)); err != nil {
			log.Error("LoRA adapters reload failed; keeping the previous ones", "err", err)
		}
	}
}

// openStore checks the flags the API server takes and opens its tenants; the single process and
// the router share it.
func (f *serveFlags) openStore(log *slog.Logger) (*tenants.Store, error) {
	if err := checkServedNames(f.modelNames); err != nil {
		return nil, err
	}
	if f.toolParser != "" {
		if _, err := toolcall.Lookup(f.toolParser); err != nil {
			return nil, fmt.Errorf("--tool-call-parser: %w", err)
		}
	}
	key, from := tenants.APIKey(f.apiKey, os.Getenv)
	return tenants.Open(log, tenants.Choice{File: f.tenantsFile, Dev: f.dev, Key: key, KeyFrom: from, Addr: f.addr, Loopback: server.IsLoopback(f.addr)})
}

// serverConfig is the API server's configuration from the flags, for the model file at path.
func (f *serveFlags) serverConfig(log *slog.Logger, path string) server.Config {
	cfg := server.Config{Addr: f.addr, Logger: log, AllowedOrigins: f.origins, ToolCallParser: f.toolParser}
	cfg.ModelName, cfg.ModelAliases = servedNames(f.modelNames, path)
	// Served names replace the model's own: they may be meant to hide which model it is.
	cfg.OnlyModelNames = len(f.modelNames) > 0
	return cfg
}

// checkOperator checks the operator listener's flags and reports whether it is on.
func (f *serveFlags) checkOperator() (bool, error) {
	if err := operator.CheckHosts(f.operatorHosts); err != nil {
		return false, err
	}
	return checkMetricsAddr(f.metricsAddr, f.metricsAny)
}

// checkMetricsAddr reports whether the metrics listener is on, refusing a non-loopback address
// unless explicitly allowed: the numbers are server-wide and the listener takes no key.
func checkMetricsAddr(addr string, allowRemote bool) (bool, error) {
	if addr == "" || addr == "off" {
		return false, nil
	}
	if _, _, err := net.SplitHostPort(addr); err != nil {
		return false, fmt.Errorf("--metrics-addr %q: %v", addr, err)
	}
	if !server.IsLoopback(addr) && !allowRemote {
		return false, fmt.Errorf("--metrics-addr %s is not a loopback address: metrics are server-wide and take no key; pass --metrics-allow-remote to serve them there anyway", addr)
	}
	return true, nil
}
