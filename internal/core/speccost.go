package core

import "math"

// Cost-aware drafting: a speculating request drafts only as many tokens as pay for themselves.
//
// Each decode with k drafts yields E(k) = 1 + a + a² + … + a^k tokens on average, when each
// draft is accepted with probability a (in order: the first rejection ends the run), and costs
// the step that feeds the k extra tokens plus, for a draft model, its k passes. The request
// drafts the k ≤ SpecTokens with the most tokens per unit of cost, when that beats plain decoding
// by specMargin, and otherwise decodes plainly. Its acceptance is estimated from its own verified
// drafts, discounted step by step, starting at 1 (specPriorTries drafts, all accepted) so every
// request tries; its first try risks at most specFirstRisk plain steps should every draft fail,
// so where drafts are dear it tries short and lengthens as they are accepted. The costs are properties of the machine and the models, which the engine
// measures and reports with each step's result (StepResult.SpecCost). Nobody drafts before the
// engine has timed a plain decode step, the unit of every cost (so an engine's first decode is
// plain); until it has timed more, the core assumes SpecPriorSlope per fed token beyond those
// timed and, for a draft model, specPriorDraft per pass and specPriorCatchUp per position.
//
// A request that stopped drafting probes again with one draft once it has sat out its wait,
// which doubles after every probe that does not bring drafting back (up to specMaxWait decodes),
// and only while the probe's extra cost is at most specProbeShare of the decodes sat out since
// it last drafted: a draft model first computes every position it missed, so where that
// catch-up is dear its request probes rarely or never.

const (
	// specMargin: drafting must beat plain decoding by this share of the tokens per unit of cost
	// (measured costs are noisy; a draw is not worth the risk).
	specMargin = 0.05
	// specDecay discounts a request's acceptance evidence each step it drafts: about the last
	// 1/(1-specDecay) steps count.
	specDecay = 0.85
	// A new request's acceptance evidence: specPriorTries drafts, all accepted, so it tries, and
	// its own drafts soon outweigh the prior.
	specPriorTries = 2.0
	// specFirstRisk bounds a request's first try: what its drafts cost beyond a plain decode,
	// in plain steps, is at most this (lookup's 8 drafts cost a fraction of a step; a draft
	// model's passes may cost most of a step each).
	specFirstRisk = 2.0
	// Until the engine reports measured costs: a draft model's pass costs specPriorDraft of a
	// step, and its passes over many positions specPriorCatchUp a position.
	specPriorDraft   = 0.5
	specPriorCatchUp = specPriorDraft / 16
	// specProbeShare bounds a probe's extra cost to this share of the decodes sat out since the
	// request last drafted.
	specProbeShare = 1.0 / 16
	// specFirstWait is the decodes sat out before the first probe; each probe that does not
	// bring drafting back doubles it, up to specMaxWait.
	specFirstWait = 4
	specMaxWait   = 64
)

// SpecPriorSlope is what each fed token beyond the first is assumed to add to a decode step,
// in steps, where no step of that size was timed.
const SpecPriorSlope = 1.0 / 16

// SpecCost is what speculative decoding costs on this machine, in plain steps: the time of a
// decode step that feeds one token. The engine measures it and reports it with step results; the
// core decides how many tokens each request drafts by it.
type SpecCost struct {
	// Step[n-1] is a decode step feeding n tokens in all (every decoding request's last token and
	// every draft), so Step[0] is 1; beyond its end the cost grows as between its last two.
	Step []float64
	// Draft is one pass of a draft model for one draft token; 0 for drafts looked up.
	Draft float64
	// CatchUp is a draft model's pass per position when it computes many at once: before its
	// request drafts again it computes the positions decoded while it did not draft.
	CatchUp float64
}

// priorSpecCost is what the core assumes until the engine reports what it measured.
func priorSpecCost(engineDrafts bool) SpecCost {
	if engineDrafts {
		return SpecCost{Draft: specPriorDraft, CatchUp: specPriorCatchUp}
	}
	return SpecCost{}
}

// take updates sc with what the engine measured: the fields it reports (non-zero ones).
func (sc *SpecCost) take(m *SpecCost) {
	if len(m.Step) > 0 {
		sc.Step = append(sc.Step[:0], m.Step...)
	}
	if m.Draft > 0 {
		sc.Draft = m.Draft
	}
	if m.CatchUp > 0 {
		sc.CatchUp = m.CatchUp
	}
}

// StepCost is the cost of a decode step feeding n ≥ 1 tokens.
func (sc *SpecCost) StepCost(n int) float64 {
	L := len(sc.Step)
	switch {
	case n <= L:
		return sc.Step[n-1]
	case L == 0:
		return 1 + float64(n-1)*SpecPriorSlope
	case L == 1:
		return sc.Step[0] + float64(n-1)*SpecPriorSlope
	}
	slope := max(sc.Step[L-1]-sc.Step[L-2], 0)
	return sc.Step[L-1] + float64(n-L)*slope
}

// drafting is what a draft model's k drafts cost when its request sat out behind decodes: a pass
// over the positions it missed and the last token (at least a pass), then a pass per further draft.
func (sc *SpecCost) drafting(k, behind int) float64 {
	return max(sc.Draft, sc.CatchUp*float64(behind+1)) + sc.Draft*float64(k-1)
}

// expectedTokens is E(k) = 1 + a + … + a^k: the tokens a decode with k drafts yields on average
// when each draft is accepted with probability a.
func expectedTokens(a float64, k int) float64 {
	if a >= 1 {
		return float64(k + 1)
	}
	return (1 - math.Pow(a, float64(k+1))) / (1 - a)
}

// gain is the tokens per unit of cost of a step in which one of m decoding requests drafts k
// tokens, over those of the plain step: m-1+E(k) tokens in Step(m+k) and the drafting, against
// m tokens in Step(m).
func (sc *SpecCost) gain(a float64, k, m, behind int) float64 {
	plain := sc.StepCost(m)
	return (float64(m-1) + expectedTokens(a, k)) * plain / (float64(m) * (sc.StepCost(m+k) + sc.drafting(k, behind)))
}

// bestDraft is the draft length in 1..most with the highest gain, and that gain.
func (sc *SpecCost) bestDraft(a float64, m, behind, most int) (int, float64) {
	best, bestGain := 0, 0.0
	for k := 1; k <= most; k++ {
		if g := sc.gain(a, k, m, behind); g > bestGain {
			best, bestGain = k, g
		}
	}
	return best, bestGain
}

// extraCost is what k drafts add to the step of one of m decoding requests, in its plain steps.
func (sc *SpecCost) extraCost(k, m, behind int) float64 {
	return (sc.StepCost(m+k) - sc.StepCost(m) + sc.drafting(k, behind)) / sc.StepCost(m)
}

// affordable is the longest draft, at most most and at least 1, whose extra cost is at most risk.
func (sc *SpecCost) affordable(m, behind, most int, risk float64) int {
	k := 1
	for k < most && sc.extraCost(k+1, m, behind) <= risk {
		k++
	}
	return k
}

// acceptance is the request's estimated probability that a draft is accepted.
func (sp *speculation) acceptance() float64 { return sp.hits / sp.tries }

// draftLen is how many tokens the request drafts in its next decode, one of m decoding, at most
// most: the best length where drafting pays, one as a probe (see above), or none.
func (sp *speculation) draftLen(sc *SpecCost, m, most int) int {
	if len(sc.Step) == 0 {
		return 0 // no plain decode step timed yet: this one will be
	}
	if k, g := sc.bestDraft(sp.acceptance(), m, sp.behind, most); g > 1+specMargin {
		sp.wait, sp.probing = specFirstWait, false
		if !sp.tried {
			k = min(k, sc.affordable(m, sp.behind, most, specFirstRisk))
		}
		return k
	}
	if sp.behind >= sp.wait && sc.extraCost(1, m, sp.behind) <= specProbeShare*float64(sp.behind) {
		sp.probing = true
		return 1
	}
	return 0
}

// adapt records a step's drafts of the request: accepted of drafted (the first rejection, when
// any, is a failed try; drafts after it were not tried). A probe that did not make drafting pay
// again doubles the wait before the next.
func (sp *speculation) adapt(drafted, accepted int) {
	tried := float64(accepted)
	if accepted < drafted {
		tried++
	}
	sp.hits = specDecay*sp.hits + float64(accepted)
	sp.tries = specDecay*sp.tries + tried
	sp.behind, sp.tried = 0, true
	if sp.probing {
		sp.wait = min(2*sp.wait, specMaxWait)
	}
}
