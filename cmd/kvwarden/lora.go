package main

import (
	"fmt"
	"log/slog"
	"maps"
	"strings"

	"github.com/spf13/pflag"

	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/tenants"
)

// loraModule is one --lora NAME=FILE: a LoRA adapter clients select with "model": NAME.
type loraModule struct{ name, path string }

// loraFlags are --lora and the caps on what it loads: adapters are held in memory besides the
// model and the KV pool, so their number and bytes are bounded.
type loraFlags struct {
	specs       []string
	maxAdapters int
	mem         string
	dtype       string
}

// loraPlan is what the --lora flags ask for: the adapters, the most bytes their weights may hold
// (--lora-mem) and how they are held (--lora-dtype).
type loraPlan struct {
	mods  []loraModule
	limit int64
	dtype model.AdapterDType
}

func (f *loraFlags) register(fs *pflag.FlagSet) {
	fs.StringArrayVar(&f.specs, "lora", nil, `a LoRA adapter clients select with "model": NAME, as NAME=FILE (GGUF, llama.cpp's adapter format; repeatable); tenants may use the adapters their grants name ('kvwarden tenant grant')`)
	fs.IntVar(&f.maxAdapters, "lora-max-adapters", 64, "most --lora adapters loaded")
	fs.StringVar(&f.mem, "lora-mem", "1GiB", "most memory the --lora adapters' weights may hold, besides the model and --kv-mem")
	fs.StringVar(&f.dtype, "lora-dtype", "auto", "how the --lora adapters' weights are held: auto (the file's values exactly: float32, or halves for an F16 file) or f16 (rounded to halves: half the bytes for an F32 file, results no longer llama.cpp's)")
}

// parse reads the --lora flags, refusing a malformed one, an invalid name, a name given twice,
// more adapters than the cap and an unknown dtype, before anything loads.
func (f *loraFlags) parse() (loraPlan, error) {
	mods, err := parseLoRA(f.specs)
	if err != nil {
		return loraPlan{}, err
	}
	if f.maxAdapters < 1 {
		return loraPlan{}, fmt.Errorf("--lora-max-adapters %d: want at least 1", f.maxAdapters)
	}
	if len(mods) > f.maxAdapters {
		return loraPlan{}, fmt.Errorf("--lora: %d adapters, more than --lora-max-adapters %d", len(mods), f.maxAdapters)
	}
	limit, err := parseBytes(f.mem)
	if err != nil {
		return loraPlan{}, fmt.Errorf("--lora-mem: %w", err)
	}
	dtype, err := model.ParseAdapterDType(f.dtype)
	if err != nil {
		return loraPlan{}, fmt.Errorf("--lora-dtype: %w", err)
	}
	return loraPlan{mods, limit, dtype}, nil
}

// parseLoRA reads the --lora flags' NAME=FILE pairs.
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

// adapterBytes is the memory an adapter's weights hold (A and B of every pair, float32 or halves).
func adapterBytes(a *model.Adapter) int64 {
	var n int64
	for _, l := range a.Blocks {
		for _, p := range []*model.LoRAPair{l.Wq, l.Wk, l.Wv, l.Wo, l.Gate, l.Up, l.Down} {
			if p != nil {
				n += p.Bytes()
			}
		}
	}
	return n
}

// totalBytes is adapterBytes summed over a set.
func totalBytes(set map[string]*model.Adapter) int64 {
	var n int64
	for _, a := range set {
		n += adapterBytes(a)
	}
	return n
}

// readAdapter reads mod's file against the base model m and holds it as dtype; the error names
// the file and (model.ParseAdapter, Adapter.As) the tensor at fault.
func readAdapter(mod loraModule, m *model.Model, dtype model.AdapterDType) (*model.Adapter, error) {
	a, err := model.ReadAdapter(mod.path, m)
	if err != nil {
		return nil, err
	}
	if a, err = a.As(dtype); err != nil {
		return nil, fmt.Errorf("%s: %w", mod.path, err)
	}
	return a, nil
}

// loadAdapters reads and checks every adapter of p against the base model m; the first bad file,
// or the first adapter past p.limit bytes in all, stops the start with an error naming the flag,
// the file and the tensor at fault.
func loadAdapters(p loraPlan, m *model.Model) (map[string]*model.Adapter, error) {
	out := make(map[string]*model.Adapter, len(p.mods))
	var held int64
	for _, mod := range p.mods {
		a, err := readAdapter(mod, m, p.dtype)
		if err != nil {
			return nil, fmt.Errorf("--lora %s: %w", mod.name, err)
		}
		if held += adapterBytes(a); held > p.limit {
			return nil, fmt.Errorf("--lora %s: %s: the adapters loaded so far hold %d bytes, more than --lora-mem (%d bytes)", mod.name, mod.path, held, p.limit)
		}
		out[mod.name] = a
	}
	return out, nil
}

// loadedAdapters are the --lora adapters a server runs with, re-read on SIGHUP.
type loadedAdapters struct {
	loraPlan
	base *model.Model
	live map[string]*model.Adapter
}

// reload re-reads every --lora file. An adapter whose file is now broken, or whose new weights
// would take the set past --lora-mem, keeps the weights it had (and the error is logged), so a bad
// file never takes down the server or another adapter; one whose bytes are unchanged keeps its
// *model.Adapter. Running requests hold the adapter they started with whatever the reload gives.
func (a *loadedAdapters) reload(log *slog.Logger) map[string]*model.Adapter {
	next := maps.Clone(a.live)
	for _, mod := range a.mods {
		ad, err := readAdapter(mod, a.base, a.dtype)
		switch {
		case err != nil:
			log.Error("LoRA adapter reload failed; keeping the loaded weights", "adapter", mod.name, "err", err)
		case ad.Fingerprint == next[mod.name].Fingerprint:
		case totalBytes(next)-adapterBytes(next[mod.name])+adapterBytes(ad) > a.limit:
			log.Error("LoRA adapter reload refused: the adapters would hold more than --lora-mem; keeping the loaded weights",
				"adapter", mod.name, "file", mod.path, "lora_mem_bytes", a.limit)
		default:
			log.Info("LoRA adapter reloaded with new weights", "adapter", mod.name)
			next[mod.name] = ad
		}
	}
	a.live = next
	return next
}
