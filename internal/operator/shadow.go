package operator

import (
	"encoding/json"
	"net/http"

	"github.com/kvwarden/kvwarden/internal/engine"
)

// ShadowSource is an engine that keeps shadow verification's mismatches (*engine.Engine).
type ShadowSource interface {
	ShadowMismatches() []engine.ShadowMismatch
}

// shadowHandler serves the mismatches src keeps, oldest first, as JSON: each one's token ids,
// logprobs and the pages both runs read, never text. The tenant ids and request ids are
// server-wide: the operator listener only.
func shadowHandler(src ShadowSource) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		ms := src.ShadowMismatches()
		if ms == nil {
			ms = []engine.ShadowMismatch{}
		}
		w.Header().Set("Content-Type", "application/json")
		json.NewEncoder(w).Encode(struct {
			Mismatches []engine.ShadowMismatch `json:"mismatches"`
		}{ms})
	})
}
