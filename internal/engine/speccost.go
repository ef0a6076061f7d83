package engine

import (
	"time"

	"github.com/kvwarden/kvwarden/internal/core"
)

// What speculative decoding costs on this machine, measured as it serves: the core decides how
// many tokens each request drafts from its acceptance and these costs (core/speccost.go), and the
// costs depend on the model, the draft model, the kernels and the cores, so the engine times
// them rather than assume them. It times, on its own clock, the steps whose every sequence is a
// decode, by the tokens they feed (a decode's last token and its drafts), without the draft
// model's passes, which it times apart: those over a position or two (a draft) and those over
// many (a prompt's chunk, or the positions a request decoded while it did not draft). Each timing
// is taken over the running average of the plain step (one token fed) at that moment, so that a
// size timed long ago still compares with the plain step of its time when the machine's load
// has changed since; the ratios are running averages too, handed to the core as they are.

const (
	// specCostWeight is the weight of a new timing in its running average.
	specCostWeight = 0.125
	// draftPassMax and catchUpMin: a draft model's pass over at most draftPassMax positions times
	// a draft, one over at least catchUpMin its cost per position.
	draftPassMax = 2
	catchUpMin   = 16
)

// specMeter holds the timings. The step goroutine writes it; the core reads the costs it reports
// (StepResult.SpecCost) between steps.
type specMeter struct {
	now func() time.Time
	// plain: seconds of a decode-only step feeding one token; 0 until one ran, and until then
	// nothing else is timed.
	plain float64
	// step[n-1]: a decode-only step feeding n tokens over plain; 0 until one ran (step[0] is 1).
	step []float64
	// draft: a draft model's pass over at most draftPassMax positions, over plain; catchUp: per
	// position of its passes over at least catchUpMin. 0 until timed.
	draft, catchUp float64
	cost           core.SpecCost // the costs last reported
	changed        bool          // timings taken since
}

// newSpecMeter times steps feeding up to maxFed tokens: the most the core asks the cost of.
func newSpecMeter(now func() time.Time, maxFed int) *specMeter {
	return &specMeter{now: now, step: make([]float64, maxFed), cost: core.SpecCost{Step: make([]float64, maxFed)}}
}

func average(avg *float64, v float64) {
	if *avg == 0 {
		*avg = v
		return
	}
	*avg += specCostWeight * (v - *avg)
}

// observeStep records the time of a step that ran the sequences in run, when every sequence of
// its batch is a decode that ran.
func (m *specMeter) observeStep(batch []core.Seq, streams []*stream, run []int, took time.Duration) {
	if took <= 0 || len(batch) == 0 || len(run) != len(batch) {
		return
	}
	fed := 0
	for i := range batch {
		if s := streams[i]; s == nil || batch[i].Start < s.prompt || !batch[i].Logits {
			return
		}
		fed += len(batch[i].Tokens)
	}
	switch {
	case fed == 1:
		average(&m.plain, took.Seconds())
		m.step[0] = 1
	case m.plain == 0 || fed > len(m.step):
		return
	default:
		average(&m.step[fed-1], took.Seconds()/m.plain)
	}
	m.changed = true
}

// observeDraft records the time of a draft model's pass over positions positions.
func (m *specMeter) observeDraft(positions int, took time.Duration) {
	switch {
	case took <= 0 || m.plain == 0:
		return
	case positions <= draftPassMax:
		average(&m.draft, took.Seconds()/m.plain)
	case positions >= catchUpMin:
		average(&m.catchUp, took.Seconds()/float64(positions)/m.plain)
	default:
		return
	}
	m.changed = true
}

// report is the costs to hand the core with a step's result: nil when nothing new was timed, or
// no plain step yet (the core keeps its assumptions).
func (m *specMeter) report() *core.SpecCost {
	if !m.changed || m.plain == 0 {
		return nil
	}
	m.changed = false
	m.fillSteps()
	m.cost.Draft, m.cost.CatchUp = m.draft, m.catchUp
	return &m.cost
}

// fillSteps sets cost.Step to the step timings, where a size did not run yet interpolated between
// the nearest that did, or extended past the largest by the slope of the two largest (by the
// core's assumed slope when only the plain step ran).
func (m *specMeter) fillSteps() {
	ran := []int{0}
	for i := 1; i < len(m.step); i++ {
		if m.step[i] > 0 {
			ran = append(ran, i)
		}
	}
	hi, slope := ran[len(ran)-1], core.SpecPriorSlope
	if len(ran) > 1 {
		prev := ran[len(ran)-2]
		slope = max((m.step[hi]-m.step[prev])/float64(hi-prev), 0)
	}
	next := 0 // index in ran of the first timed size at or after i
	for i := range m.step {
		for ran[next] < i && next < len(ran)-1 {
			next++
		}
		switch {
		case m.step[i] > 0:
			m.cost.Step[i] = m.step[i]
		case i > hi:
			m.cost.Step[i] = m.step[hi] + float64(i-hi)*slope
		default:
			a, b := ran[next-1], ran[next]
			m.cost.Step[i] = m.step[a] + float64(i-a)*(m.step[b]-m.step[a])/float64(b-a)
		}
	}
}
