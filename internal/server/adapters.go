package server

import (
	"fmt"
	"maps"
	"slices"

	"github.com/kvwarden/kvwarden/internal/console"
	"github.com/kvwarden/kvwarden/internal/engine"
	lora "github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/tenants"
)

// SetAdapters replaces the LoRA adapters requests may select (at start and on reload). A request
// already running keeps the *lora.Adapter it started with. A name the base model answers to is
// refused, so that "model" never means two things.
func (s *Server) SetAdapters(adapters map[string]*lora.Adapter) error {
	for name, a := range adapters {
		if a == nil {
			return fmt.Errorf("LoRA adapter %q: no weights", name)
		}
		if s.isBaseName(name) {
			return fmt.Errorf("LoRA adapter name %q is also a name of the base model", name)
		}
	}
	m := maps.Clone(adapters)
	s.adapters.Store(&m)
	for _, name := range slices.Sorted(maps.Keys(m)) {
		// The console shows an adapter by a keyed hash its operator cannot compute: the log says which.
		s.log.Info("LoRA adapter served", "adapter", name, "console_hash", console.AdapterHash(name))
	}
	return nil
}

// isBaseName reports whether "model": name selects the base model.
func (s *Server) isBaseName(name string) bool {
	return s.checkModel(name) == nil
}

// selectModel resolves a request's "model" for tenant t: nil for the base model, or the LoRA
// adapter of that name when t may use it. An adapter t may not use is answered exactly as a name
// that does not exist (modelNotFound), so that no tenant learns another's adapter names.
func (s *Server) selectModel(name string, t tenants.Tenant) (*lora.Adapter, *apiError) {
	if s.isBaseName(name) {
		return nil, nil
	}
	if a := (*s.adapters.Load())[name]; a != nil && s.tenants.MayUse(t, name) {
		return a, nil
	}
	return nil, modelNotFound()
}

// selectGenModel is selectModel for a generation request: it records the adapter in p.
func (s *Server) selectGenModel(p *genParams, t tenants.Tenant) *apiError {
	a, e := s.selectModel(p.model, t)
	if a != nil {
		p.adapter, p.adapterName = a, p.model
	}
	return e
}

// usableAdapters are the names of the adapters t may use, sorted.
func (s *Server) usableAdapters(t tenants.Tenant) []string {
	var names []string
	for name := range *s.adapters.Load() {
		if s.tenants.MayUse(t, name) {
			names = append(names, name)
		}
	}
	slices.Sort(names)
	return names
}

// adapterRef is the engine's name of the adapter a request runs with (scale 1: vLLM's API has no
// per-request scale either), or nil for the base model.
func adapterRef(a *lora.Adapter) *engine.AdapterRef {
	if a == nil {
		return nil
	}
	return &engine.AdapterRef{Fingerprint: a.Fingerprint, Scale: 1}
}

// reportedModel is the "model" of p's responses: its adapter's name, as vLLM reports it, or the
// base model's reported name.
func (s *Server) reportedModel(p *genParams) string {
	if p.adapter != nil {
		return p.adapterName
	}
	return s.cfg.ModelName
}
