package node

import (
	"fmt"
	"maps"
	"sync/atomic"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/model"
)

// adapterSet is the LoRA adapters a node loaded (serve --lora on a node), by name for its Info and
// by fingerprint for its jobs: a job names its adapter by fingerprint only (engine.AdapterRef), so
// that a node whose file under that name holds other bytes runs nothing under it.
type adapterSet struct {
	byName map[string]*model.Adapter
	byFP   map[[32]byte]*model.Adapter
}

func newAdapterSet(byName map[string]*model.Adapter) *adapterSet {
	s := &adapterSet{byName: maps.Clone(byName), byFP: map[[32]byte]*model.Adapter{}}
	for _, a := range byName {
		s.byFP[a.Fingerprint] = a
	}
	return s
}

// fingerprints are the set's adapters as Info reports them: name → fingerprint.
func (s *adapterSet) fingerprints() map[string][32]byte {
	if len(s.byName) == 0 {
		return nil
	}
	out := make(map[string][32]byte, len(s.byName))
	for name, a := range s.byName {
		out[name] = a.Fingerprint
	}
	return out
}

// nodeAdapters holds a node's adapter set, replaced whole on a reload; a running request keeps the
// *model.Adapter it was admitted with. A nil one (a Service built without adapters) holds none.
type nodeAdapters struct{ cur atomic.Pointer[adapterSet] }

// load is the current set; empty when none was ever set.
func (n *nodeAdapters) load() *adapterSet {
	if n == nil || n.cur.Load() == nil {
		return newAdapterSet(nil)
	}
	return n.cur.Load()
}

// request is the engine request of a job: its Spec, with the weights of the adapter the Spec
// names when this node holds an adapter of that fingerprint. A job naming one it does not hold is
// refused (RejectUnknownModel: the router then reads the node's adapters again and tries another
// node), never run on the base model or another adapter.
func (n *nodeAdapters) request(j *job) (engine.Request, *failure) {
	r := engine.Request{Spec: j.Spec}
	if j.Adapter == nil {
		return r, nil
	}
	a := n.load().byFP[j.Adapter.Fingerprint]
	if a == nil {
		return r, &failure{Reason: string(kvtypes.RejectUnknownModel), Message: fmt.Sprintf(
			"this node holds no LoRA adapter of fingerprint %x (its --lora files were reloaded)", j.Adapter.Fingerprint[:6])}
	}
	r.LoRA = a
	return r, nil
}

// SetAdapters replaces the LoRA adapters the node runs (at a reload): each checked against the
// node's model, as serve --lora loads them. Requests running keep theirs.
func (n *Node) SetAdapters(byName map[string]*model.Adapter) error {
	for name, a := range byName {
		if a == nil || !a.LoadedFor(n.weights) {
			return fmt.Errorf("node: LoRA adapter %q was not loaded against this node's model", name)
		}
	}
	n.adapters.cur.Store(newAdapterSet(byName))
	return nil
}
