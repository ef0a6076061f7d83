package engine

import (
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/model"
	"github.com/kvwarden/kvwarden/internal/sampler"
	"github.com/kvwarden/kvwarden/internal/testenv"
)

// TestAdapterLoads: with room to run one sequence, two requests under adapter x and one under y
// show as one running and two waiting, by fingerprint; a base-model request is not counted, and
// closed requests leave nothing.
func TestAdapterLoads(t *testing.T) {
	m, tok := loadModel(t, demoModel)
	e := startEngine(t, m, tok, testConfig, func(c *Config) { c.MaxRunning = 1 })
	x, y := randomAdapter(t, m, 1), randomAdapter(t, m, 2)
	req := func() Request {
		return Request{Spec: Spec{Tenant: "a", Prompt: []int32{5, 6, 7}, MaxTokens: 100, IgnoreEOS: true, Sampling: sampler.Params{TopLogprobs: -1}}}
	}
	streams := []Stream{mustSubmit(t, e, req())}
	for _, a := range []*model.Adapter{x, x, y} {
		streams = append(streams, mustSubmit(t, e, withAdapter(req(), a, 1)))
	}
	testenv.WaitFor(t, 10*time.Second, func() bool {
		loads := e.AdapterLoads()
		lx, ly := loads[x.Fingerprint], loads[y.Fingerprint]
		return len(loads) == 2 && lx.Running+lx.Waiting == 2 && ly.Running+ly.Waiting == 1 && lx.Running+ly.Running <= 1 && lx.Waiting+ly.Waiting >= 2
	})
	for _, st := range streams {
		st.Close()
	}
	testenv.WaitFor(t, 10*time.Second, func() bool { return len(e.AdapterLoads()) == 0 })
}
