package main

import (
	"fmt"
	"log/slog"
	"maps"
	"strings"

	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/tenants"
)

// loraModule is one --lora NAME=FILE: a LoRA adapter clients select with "model": NAME.
type loraModule struct{ name, path string }

// parseLoRA reads the --lora flags, refusing a malformed one, an invalid name and a name given
// twice, before anything loads.
func parseLoRA(specs []string) ([]loraModule, error) {
	var mods []loraModule
	seen := map[string]bool{}
	for _, spec := range specs {
		name, path, ok := strings.Cut(spec, "=")
		if !ok || path == "" {
			return nil, fmt.Errorf("--lora %q: want NAME=FILE", spec)
		}
		if !tenants.ValidAdapterName(name) {
			return nil, fmt.Errorf("--lora %q: invalid adapter name %q: use 1-128 letters, digits, '.', '_', ':', '/' or '-', starting with a letter or digit", spec, name)
		}
		if seen[name] {
			return nil, fmt.Errorf("--lora %q: adapter name %q is given twice", spec, name)
		}
		seen[name] = true
		mods = append(mods, loraModule{name, path})
	}
	return mods, nil
}

// loadAdapters reads and checks every adapter against the base model m; the first bad file stops
// the start with an error naming the flag, the file and (model.ParseAdapter) the tensor at fault.
func loadAdapters(mods []loraModule, m *model.Model) (map[string]*model.Adapter, error) {
	out := make(map[string]*model.Adapter, len(mods))
	for _, mod := range mods {
		a, err := model.ReadAdapter(mod.path, m)
		if err != nil {
			return nil, fmt.Errorf("--lora %s: %w", mod.name, err) // err names the file
		}
		out[mod.name] = a
	}
	return out, nil
}

// loadedAdapters are the --lora adapters a server runs with, re-read on SIGHUP.
type loadedAdapters struct {
	mods []loraModule
	base *model.Model
	live map[string]*model.Adapter
}

// reload re-reads every --lora file. An adapter whose file is now broken keeps the weights it had
// (and the error is logged), so a bad file never takes down the server or another adapter; one
// whose bytes are unchanged keeps its *model.Adapter. Running requests hold the adapter they
// started with whatever the reload gives.
func (a *loadedAdapters) reload(log *slog.Logger) map[string]*model.Adapter {
	next := maps.Clone(a.live)
	for _, mod := range a.mods {
		ad, err := model.ReadAdapter(mod.path, a.base)
		switch {
		case err != nil:
			log.Error("LoRA adapter reload failed; keeping the loaded weights", "adapter", mod.name, "err", err)
		case ad.Fingerprint != next[mod.name].Fingerprint:
			log.Info("LoRA adapter reloaded with new weights", "adapter", mod.name)
			next[mod.name] = ad
		}
	}
	a.live = next
	return next
}
