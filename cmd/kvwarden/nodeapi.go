package main

import (
	"context"
	"log/slog"
	"net"

	"github.com/kvwarden/kvwarden/internal/node"
	"github.com/kvwarden/kvwarden/internal/server"
	"github.com/kvwarden/kvwarden/internal/tenants"
	"github.com/kvwarden/kvwarden/internal/transfer"
)

// nodeAPI is a prefill or decode node's OpenAI API, for llm-d's P/D sidecar and endpoint picker:
// its listener (bound before the model loads, like every port), tenants and ticket key.
type nodeAPI struct {
	ln        net.Listener
	store     *tenants.Store
	ticketKey []byte
}

// openNodeAPI checks the API's flags, opens its tenants and ticket key and binds --addr.
func (f *serveFlags) openNodeAPI(log *slog.Logger) (*nodeAPI, error) {
	store, err := f.openStore(log)
	if err != nil {
		return nil, err
	}
	key, err := transfer.LoadTicketKey(f.roles.tlsDir)
	if err != nil {
		return nil, err
	}
	ln, err := net.Listen("tcp", f.addr)
	if err != nil {
		return nil, err
	}
	return &nodeAPI{ln: ln, store: store, ticketKey: key}, nil
}

// serveNodeAPI serves a started node's OpenAI API beside its node listener until a stop signal,
// then drains the API (its requests end) and the node. The operator listener serves the API
// server's metrics, which include the node's engine series. Its requests select the node's LoRA
// adapters by name, as a single process's do, and a reload (SIGHUP) gives the API server and the
// node's own jobs the same new set.
func (f *serveFlags) serveNodeAPI(ctx context.Context, log *slog.Logger, ls *listeners, n *node.Node, l *loaded, api *nodeAPI, adapters *loadedAdapters) error {
	scfg := f.serverConfig(log, l.resolved.Path)
	scfg.Role = n.Role
	scfg.Adapters = adapters.live
	srv, err := server.New(scfg, n.Handoffs, l.tok, api.store)
	if err != nil {
		return err
	}
	if err := ls.publish(srv.Operator()); err != nil {
		return err
	}
	if err := writeAddr(f.roles.apiFile, api.ln); err != nil {
		return err
	}
	log.Info("node listening", "addr", n.Addr(), "api", api.ln.Addr().String(), "model", n.Model, "max_context", n.Engine.Info().MaxContext,
		"lora_adapters", len(adapters.live))
	reload := f.reload(log, srv, adapters)
	if len(adapters.mods) > 0 {
		reload = func() {
			f.reload(log, srv, adapters)()
			if err := n.SetAdapters(adapters.live); err != nil {
				log.Error("LoRA adapters reload failed on the node; keeping the previous ones", "err", err)
			}
		}
	}
	return ls.run(ctx, f.drain, roleServer{
		serve: func() error {
			errc := make(chan error, 2)
			go func() { errc <- srv.Serve(api.ln) }()
			go func() { <-n.Done(); errc <- n.Err() }()
			return <-errc
		},
		shutdown: func(ctx context.Context) error {
			err := srv.Shutdown(ctx)
			if nerr := n.Shutdown(ctx); err == nil {
				err = nerr
			}
			return err
		},
		reload: reload,
	})
}
