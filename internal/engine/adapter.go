package engine

import (
	"crypto/sha256"
	"encoding/binary"
	"math"

	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/transfer"
)

// checkAdapter refuses a request whose LoRA adapter this engine cannot run: Spec.Adapter and
// Request.LoRA must come together and agree, the weights must be this model's and the scale
// finite. A prefill or decode node runs adapters too: the transfer manifest carries the adapter
// (transferAdapter), which the decode node's receiver checks against its own.
func (e *Engine) checkAdapter(r *Request) error {
	if r.Adapter == nil && r.LoRA == nil {
		return nil
	}
	invalid := func(msg string) error { return &RejectError{Reason: kvtypes.RejectInvalid, Message: msg} }
	switch {
	case r.Adapter == nil:
		return invalid("a LoRA adapter's weights without its Spec.Adapter")
	case r.LoRA == nil:
		return invalid("no LoRA adapter is loaded for the request's adapter fingerprint")
	case r.LoRA.Fingerprint != r.Adapter.Fingerprint:
		return invalid("the LoRA adapter's weights are not those its fingerprint names")
	case !r.LoRA.LoadedFor(e.m):
		return invalid("the LoRA adapter was loaded against another model")
	}
	if f := float64(r.Adapter.Scale); math.IsNaN(f) || math.IsInf(f, 0) {
		return invalid("the LoRA adapter's scale is not finite")
	}
	return nil
}

// scale is the request's adapter scale (0 means 1); 0 without an adapter.
func (a *AdapterRef) scale() float32 {
	switch {
	case a == nil:
		return 0
	case a.Scale == 0:
		return 1
	}
	return a.Scale
}

// namespace is the core's prefix-cache namespace for a request with this adapter
// (core.RequestSpec.Adapter): a hash of the fingerprint and the scale, since either changes every
// KV entry; zero without an adapter.
func (a *AdapterRef) namespace() [32]byte {
	if a == nil {
		return [32]byte{}
	}
	h := sha256.New()
	h.Write([]byte("kvwarden adapter\x00"))
	h.Write(a.Fingerprint[:])
	binary.Write(h, binary.LittleEndian, math.Float32bits(a.scale()))
	var ns [32]byte
	h.Sum(ns[:0])
	return ns
}

// AdapterLoad counts the requests the engine holds with one LoRA adapter.
type AdapterLoad struct {
	Running int // admitted, prefilling or decoding
	Waiting int // queued for admission
}

// AdapterLoads reports, by adapter fingerprint (model.Adapter.Fingerprint), the requests the
// engine holds with an adapter, shadow re-runs included: vLLM's running and waiting LoRA adapters,
// which the server publishes as vllm:lora_requests_info. It asks the loop (Stats does).
func (e *Engine) AdapterLoads() map[[32]byte]AdapterLoad {
	out := map[[32]byte]AdapterLoad{}
	e.ask(func() {
		for id, s := range e.streams {
			if s.adapter == nil {
				continue
			}
			l := out[s.adapter.Fingerprint]
			switch e.core.State(id) {
			case core.Waiting:
				l.Waiting++
			case core.Admitted, core.Prefilling, core.Decoding:
				l.Running++
			default:
				continue
			}
			out[s.adapter.Fingerprint] = l
		}
	})
	return out
}

// transferAdapter names the adapter a hand-off's KV is computed under, as the transfer manifest
// and the receiver's reservation carry it: the prefill node sends its stream's, the decode node
// expects its own, and the receiver refuses the pages when they differ.
func transferAdapter(a *model.Adapter, scale float32) transfer.Adapter {
	if a == nil {
		return transfer.Adapter{}
	}
	return transfer.Adapter{Fingerprint: a.Fingerprint, ScaleBits: math.Float32bits(scale)}
}
