package server

import (
	"fmt"
	"maps"

	lora "github.com/kvwarden/kvwarden/internal/model"
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
	return nil
}

// isBaseName reports whether "model": name selects the base model.
func (s *Server) isBaseName(name string) bool {
	return s.checkModel(name) == nil
}
