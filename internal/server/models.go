package server

// /v1/models and the resolution of a request's "model" to the base model (adapters.go: to a
// LoRA adapter).

import (
	"net/http"
	"slices"
)

type modelObject struct {
	ID          string `json:"id"`
	Object      string `json:"object"`
	Created     int64  `json:"created"`
	OwnedBy     string `json:"owned_by"`
	MaxModelLen int    `json:"max_model_len"`
	// Parent is, for a LoRA adapter, the base model's reported name (vLLM's shape). vLLM's "root",
	// the adapter's path, is left out: a file path is the operator's, not a tenant's.
	Parent string `json:"parent,omitempty"`
}

func (s *Server) model(name string) modelObject {
	return modelObject{ID: name, Object: "model", Created: s.started.Unix(), OwnedBy: "kvwarden", MaxModelLen: s.info.MaxContext}
}

// modelNames are the names the model answers to, the reported one first.
func (s *Server) modelNames() []string {
	return append([]string{s.cfg.ModelName}, s.cfg.ModelAliases...)
}

func (s *Server) handleModels(w http.ResponseWriter, r *http.Request, rc *reqCtx) {
	var data []modelObject
	for _, name := range s.modelNames() {
		data = append(data, s.model(name))
	}
	for _, name := range s.usableAdapters(rc.tenant) {
		data = append(data, s.adapterModel(name))
	}
	rc.status = http.StatusOK
	writeJSON(w, http.StatusOK, map[string]any{"object": "list", "data": data})
}

func (s *Server) handleModel(w http.ResponseWriter, r *http.Request, rc *reqCtx) {
	name := r.PathValue("model")
	a, e := s.selectModel(name, rc.tenant)
	if e != nil {
		s.fail(w, rc, e)
		return
	}
	m := s.model(name)
	if a != nil {
		m = s.adapterModel(name)
	}
	rc.status = http.StatusOK
	writeJSON(w, http.StatusOK, m)
}

func (s *Server) adapterModel(name string) modelObject {
	m := s.model(name)
	m.Parent = s.cfg.ModelName
	return m
}

func (s *Server) checkModel(name string) *apiError {
	if name == "" || slices.Contains(s.modelNames(), name) || (!s.cfg.OnlyModelNames && name == s.info.ModelName) {
		return nil
	}
	return modelNotFound()
}

// modelNotFound answers a "model" that names nothing the caller may use.
func modelNotFound() *apiError {
	return &apiError{Status: http.StatusNotFound, Type: errNotFound, Param: "model", Code: "model_not_found",
		Message: "the model requested does not exist here; see /v1/models", Reason: "model_not_found"}
}
