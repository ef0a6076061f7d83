package server

import (
	"log/slog"
	"strings"
	"testing"

	lora "github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/testenv"
)

// TestAdapterNameCollidesWithBase: an adapter may not take a name the base model answers to, so
// "model" never means two things.
func TestAdapterNameCollidesWithBase(t *testing.T) {
	for _, c := range []struct {
		name, adapter string
		only          bool // --served-model-name given: the engine's own name is not a base name
		want          string
	}{
		{"served name", "served", false, "also a name of the base model"},
		{"alias", "alias", false, "also a name of the base model"},
		{"engine's model name", "fake-model", false, "also a name of the base model"},
		{"engine's name hidden by served names", "fake-model", true, ""},
		{"distinct", "sql-lora", false, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			cfg := Config{Logger: slog.New(slog.NewTextHandler(&testenv.LogBuffer{}, nil)), ModelName: "served", ModelAliases: []string{"alias"},
				OnlyModelNames: c.only, Adapters: map[string]*lora.Adapter{c.adapter: {}}}
			_, err := New(cfg, newFakeEngine(), byteTok{}, testStore(t))
			if (c.want == "") != (err == nil) || (err != nil && !strings.Contains(err.Error(), c.want)) {
				t.Fatalf("err %v, want %q", err, c.want)
			}
		})
	}
}
