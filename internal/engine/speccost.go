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
// many (a prompt's chunk, or the positions a request decoded while it did not draft). Each is a
// running average, reported to the core in plain steps (the step feeding one token).

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
	// step[n-1]: seconds of a decode-only step feeding n tokens; 0 until one ran.
	step []float64
	// draft: seconds of a draft model's pass over at most draftPassMax positions; catchUp: per
	// position of its passes over at least catchUpMin. 0 until measured.
	draft, catchUp float64
	cost           core.SpecCost // the costs last reported, in plain steps
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
	if fed <= len(m.step) {
		average(&m.step[fed-1], took.Seconds())
		m.changed = true
	}
}

// observeDraft records the time of a draft model's pass over positions positions.
func (m *specMeter) observeDraft(positions int, took time.Duration) {
	switch {
	case took <= 0:
		return
	case positions <= draftPassMax:
		average(&m.draft, took.Seconds())
	case positions >= catchUpMin:
		average(&m.catchUp, took.Seconds()/float64(positions))
	default:
		return
	}
	m.changed = true
}

// report is the costs to hand the core with a step's result: nil when nothing new was timed, or
// no step yet (the core keeps its assumptions).
func (m *specMeter) report() *core.SpecCost {
	if !m.changed || !m.fillSteps() {
		return nil
	}
	m.changed = false
	unit := m.cost.Step[0]
	for i := range m.cost.Step {
		m.cost.Step[i] /= unit
	}
	m.cost.Draft, m.cost.CatchUp = m.draft/unit, m.catchUp/unit
	return &m.cost
}

// fillSteps sets cost.Step to the step timings in seconds, where a size did not run yet
// interpolated between the nearest that did, or extended from the end by the slope of the two
// nearest (by the core's assumed slope when only one ran). It reports false when none ran.
func (m *specMeter) fillSteps() bool {
	var ran []int
	for i, t := range m.step {
		if t > 0 {
			ran = append(ran, i)
		}
	}
	if len(ran) == 0 {
		return false
	}
	slope := func(i, j int) float64 { return max((m.step[j]-m.step[i])/float64(j-i), 0) }
	lo, hi := ran[0], ran[len(ran)-1]
	loSlope, hiSlope := m.step[lo]*core.SpecPriorSlope, m.step[hi]*core.SpecPriorSlope
	if len(ran) > 1 {
		loSlope, hiSlope = slope(lo, ran[1]), slope(ran[len(ran)-2], hi)
	}
	next := 0 // index in ran of the first measured size at or after i
	for i := range m.step {
		for ran[next] < i && next < len(ran)-1 {
			next++
		}
		switch {
		case m.step[i] > 0:
			m.cost.Step[i] = m.step[i]
		case i < lo:
			// Below the smallest step timed: never less than a tenth of it, whatever the slope.
			m.cost.Step[i] = max(m.step[lo]-float64(lo-i)*loSlope, m.step[lo]/10)
		case i > hi:
			m.cost.Step[i] = m.step[hi] + float64(i-hi)*hiSlope
		default:
			a, b := ran[next-1], ran[next]
			m.cost.Step[i] = m.step[a] + float64(i-a)*(m.step[b]-m.step[a])/float64(b-a)
		}
	}
	return true
}
