package probe

import (
	"fmt"
	"math"
)

// The plan is decided before the first generation request: how many requests and tokens each
// check may send, within --budget, --max-prompt-tokens and --max-output-tokens. Every request is
// charged before it is sent (client.charge), so neither the run nor a check can pass its share;
// a check whose share the budgets cannot pay for is not run, and says so.

// PlannedCheck is one check's share of the budgets.
type PlannedCheck struct {
	Check        string `json:"check"`
	Requests     int    `json:"requests"`
	PromptTokens int64  `json:"prompt_tokens"`
	OutputTokens int64  `json:"output_tokens"`
	Detail       string `json:"detail"`
	NotRun       string `json:"not_run,omitempty"` // why the budgets leave it out
}

// Budget is one of the run's limits and what was spent against it.
type Budget struct {
	Limit  int64  `json:"limit"`
	Spent  int64  `json:"spent"`
	Source string `json:"source"` // the flag, or "default: ..." with the rule
}

// Budgets are the run's three limits.
type Budgets struct {
	Requests     Budget `json:"requests"`
	PromptTokens Budget `json:"prompt_tokens"`
	OutputTokens Budget `json:"output_tokens"`
}

const (
	minScale       = 64      // shortest prompt scale the load checks run at
	canaryEstimate = 40      // tokens of a short canary prompt, for planning
	noiseLongGen   = 512     // max_tokens of the noise's long generations, at most
	maxSearchRungs = 6       // boundary: bisections after a refusal of the advertised context
	boundaryShare  = 2.0 / 3 // of the prompt tokens left after discovery and calibration
)

// defaultPromptTokens and defaultOutputTokens are the budgets when none is given: 16 advertised
// contexts (at least 4 Mi tokens), and 256 Ki generated tokens.
func defaultPromptTokens(context int) int64 { return max(16*int64(context), 4<<20) }

const defaultOutputTokens = 256 << 10

// plan is the run's shape, from which every check takes its sizes.
type plan struct {
	rows []PlannedCheck

	scale        int // prompt scale of the invariance, abort, side-channel and noise checks
	calibLong    int // the long calibration prompt
	plantLen     int // the boundary's planted canary prompt
	search       int // boundary bisections the share pays for in the worst case
	boundaryOver bool
	rounds       int
	abortEvents  int
	noiseCap     int
	allot        map[string]spend
}

type planInput struct {
	context    int  // advertised (or 512 when unknown)
	advertised bool // known, so the boundary check can run
	tenants    int
	limit      spend // the run's budgets (all positive)
	trials     int
	text       bool // text prompts: calibration learns tokens per word first
	adapters   bool // the adapter check runs
}

// calibLen is the long calibration prompt: long enough that its prefill is measurable next to a
// short one's even on a fast endpoint, short next to the context.
func calibLen(context int) int { return max(min(context/2, max(512, min(context/16, 16384))), 32) }

// probeLens are the prompt lengths of one tenant's invariance probes at scale s (canary-code,
// canary-token, shared-prefix, long, follower-quarter, follower-half).
func probeLens(s int) []int {
	return []int{canaryEstimate, canaryEstimate, 48, s / 3, max(s/4, 4), max(s/2-probeMaxTokens, 4)}
}

func sum(v []int) int64 {
	var t int64
	for _, x := range v {
		t += int64(x)
	}
	return t
}

// noisePrompt and noiseOutput are the means of the noise's four request kinds at scale s.
func noisePrompt(s int) int64 { return int64(max(s-24, 8)+64+max(s/2, 8)+max(s/2, 8)) / 4 }
func noiseOutput(s int) int64 { return int64(16+8+64+min(max(s/4, 1), noiseLongGen)) / 4 }

func sideLen(s int) int { return min(s/2, 1024) }

// loadRows are the invariance, side-channel, noise and abort shares at scale s.
func (pl *plan) loadRows(in planInput, s int) []PlannedCheck {
	n := int64(in.tenants)
	perTenant := sum(probeLens(s))
	follower := int64(max(s/4, 4)+max(s/2-probeMaxTokens, 4)) / 2
	inv := PlannedCheck{Check: CheckInvariance, Requests: 2*int(n)*probesPerTenant + pl.rounds*int(n)*probesPerTenant,
		PromptTokens: (2 + int64(pl.rounds)) * n * perTenant, OutputTokens: (2 + int64(pl.rounds)) * n * probesPerTenant * probeMaxTokens,
		Detail: fmt.Sprintf("%d probes per tenant (longest %d tokens) twice idle, then %d rounds under load", probesPerTenant, max(s/2-probeMaxTokens, 4), pl.rounds)}
	side := PlannedCheck{Check: CheckSideChannel, Requests: 4 * in.trials, PromptTokens: int64(4*in.trials) * int64(sideLen(s)+1), OutputTokens: int64(4 * in.trials),
		Detail: fmt.Sprintf("%d trials of a %d-token prefix", in.trials, sideLen(s))}
	noise := PlannedCheck{Check: "noise", Requests: pl.noiseCap, PromptTokens: int64(pl.noiseCap) * noisePrompt(s), OutputTokens: int64(pl.noiseCap) * noiseOutput(s),
		Detail: fmt.Sprintf("other tenants' load during the invariance rounds: prompts up to %d tokens, generations up to %d", max(s-24, 8), min(max(s/4, 1), noiseLongGen))}
	abort := PlannedCheck{Check: CheckAbort, Requests: 2 * pl.abortEvents, PromptTokens: int64(pl.abortEvents) * 2 * follower, OutputTokens: int64(pl.abortEvents) * (32 + probeMaxTokens),
		Detail: fmt.Sprintf("%d cut streams, each followed by another tenant's probe of its length", pl.abortEvents)}
	rows := []PlannedCheck{inv, side, noise, abort}
	if in.adapters {
		rows = append(rows, PlannedCheck{Check: CheckAdapter, Requests: adapterTrialRequests * in.trials,
			PromptTokens: int64(adapterTrialRequests*in.trials) * int64(sideLen(s)+1), OutputTokens: int64(adapterTrialRequests * in.trials),
			Detail: fmt.Sprintf("%d trials of a %d-token prefix sent under tenant 1's adapter, then under none and under tenant 2's adapter: cached_tokens and time to first token against fresh prefixes", in.trials, sideLen(s))})
	}
	return rows
}

func total(rows []PlannedCheck) spend {
	var t spend
	for _, r := range rows {
		if r.NotRun == "" {
			t = t.plus(spend{r.Requests, r.PromptTokens, r.OutputTokens})
		}
	}
	return t
}

// makePlan splits the budgets. The request budget decides the counts (as many probe rounds,
// aborts and noise as it pays for); the token budgets the sizes: the boundary check, the only one
// that needs prompts of the whole advertised context, takes up to two thirds of the prompt tokens,
// and the other checks run at the largest prompt scale the rest pays for.
func makePlan(in planInput) (*plan, error) {
	n, c := in.tenants, in.context
	pl := &plan{calibLong: calibLen(c), allot: map[string]spend{}}
	disc := PlannedCheck{Check: "discover", Requests: n + 3 + 4, PromptTokens: 4 * 64, OutputTokens: 4,
		Detail: "/v1/models as every tenant, /props and SGLang's model info when it gives no context, then which prompt forms and logprobs the endpoint takes"}
	calib := PlannedCheck{Check: "calibrate", Requests: 2 * calibReps * 2, PromptTokens: 2 * calibReps * int64(16+pl.calibLong+pl.calibLong/4), OutputTokens: 4 * calibReps,
		Detail: fmt.Sprintf("short (16) and long (%d, shorter if refused) prompts timed %d times each: the prefill rate (timed once more if a boundary answer comes sooner than it allows)", pl.calibLong, calibReps)}
	if in.text {
		calib.Requests += 2
		calib.PromptTokens += 2 * 130
		calib.OutputTokens += 2
	}
	fixedReq := disc.Requests + calib.Requests + 2*n*probesPerTenant + 4*in.trials
	if in.adapters {
		fixedReq += adapterTrialRequests * in.trials
	}
	if fixed := total([]PlannedCheck{disc, calib}); !(spend{}).fits(fixed, spend{0, in.limit.PromptTokens, in.limit.OutputTokens}) {
		return nil, usageErr("--max-prompt-tokens %d / --max-output-tokens %d are too small: discovery and calibration alone need %d and %d",
			in.limit.PromptTokens, in.limit.OutputTokens, fixed.PromptTokens, fixed.OutputTokens)
	}

	bnd := pl.planBoundary(in, in.limit.PromptTokens-disc.PromptTokens-calib.PromptTokens, disc.PromptTokens+calib.PromptTokens)
	fixedReq += bnd.Requests
	rest := in.limit.Requests - fixedReq
	if rest < n*probesPerTenant+20 {
		return nil, usageErr("--budget %d is too small for %d tenants: at least %d requests are needed", in.limit.Requests, n, fixedReq+n*probesPerTenant+20)
	}
	pl.abortEvents = min(max(rest/10, 2), 200)
	load := rest - 2*pl.abortEvents
	pl.rounds = min(max(load*2/5/(n*probesPerTenant), 1), 30)
	pl.noiseCap = load - pl.rounds*n*probesPerTenant

	// The largest scale whose load rows fit what the boundary leaves.
	avail := spend{0, in.limit.PromptTokens - disc.PromptTokens - calib.PromptTokens - bnd.PromptTokens,
		in.limit.OutputTokens - disc.OutputTokens - calib.OutputTokens - bnd.OutputTokens}
	fitsAt := func(s int) bool { return spend{}.fits(total(pl.loadRows(in, s)), avail) }
	var rows []PlannedCheck
	if !fitsAt(min(minScale, c)) {
		rows = pl.loadRows(in, min(minScale, c))
		need := total(rows)
		for i := range rows {
			rows[i].NotRun = fmt.Sprintf("the budgets left after the boundary check (%d prompt, %d output tokens) pay for no run of the load checks, which need %d and %d at the smallest scale",
				max(avail.PromptTokens, 0), max(avail.OutputTokens, 0), need.PromptTokens, need.OutputTokens)
		}
		pl.scale = 0
	} else {
		lo, hi := min(minScale, c), c
		for lo < hi {
			mid := (lo + hi + 1) / 2
			if fitsAt(mid) {
				lo = mid
			} else {
				hi = mid - 1
			}
		}
		pl.scale = lo
		rows = pl.loadRows(in, lo)
	}
	pl.rows = append([]PlannedCheck{disc, calib, bnd}, rows...)
	pl.rows = append(pl.rows, PlannedCheck{Check: CheckCanary, Detail: "every answer searched for other tenants' canaries (sends nothing)"})
	for _, r := range pl.rows {
		if r.NotRun == "" && r.Check != CheckCanary {
			pl.allot[r.Check] = spend{r.Requests, r.PromptTokens, r.OutputTokens}
		}
	}
	// Retries of refused (429, 503) requests come out of the run's budget, not a check's share.
	for k, a := range pl.allot {
		a.Requests += a.Requests/4 + 4
		pl.allot[k] = a
	}
	return pl, nil
}

// planBoundary is the boundary check's share of the left prompt tokens (fixed went to discovery
// and calibration).
func (pl *plan) planBoundary(in planInput, left, fixed int64) PlannedCheck {
	c := in.context
	// The boundary's worst case: the planted canary and the advertised context, then either the
	// same over it or up to maxSearchRungs bisections below it, each after a planted canary.
	bnd := PlannedCheck{Check: CheckBoundary}
	if !in.advertised {
		bnd.NotRun = "no advertised context (none from /v1/models, /props or /get_model_info, and no --context)"
	} else {
		pl.plantLen = max(min(c/16, 65536), 64)
		rung := int64(c + pl.plantLen*5/4) // a text plant is charged by estimate, up to a tenth over
		share := int64(float64(left) * boundaryShare)
		switch {
		case share < rung:
			bnd.NotRun = fmt.Sprintf("--max-prompt-tokens pays for no prompt at the advertised context: the boundary check needs at least %d prompt tokens, and takes at most two thirds of those left after calibration", int64(math.Ceil(float64(rung)/boundaryShare))+fixed)
		default:
			pl.search = int(min((share-rung)/rung, maxSearchRungs))
			pl.boundaryOver = share >= 2*rung+2
			rungs := 1 + max(pl.search, 1)
			bnd.Requests = 2*rungs + 2 // each rung after its plant; the first plant measured once, a refused one resent short
			bnd.PromptTokens = min(rung*int64(rungs), share)
			bnd.OutputTokens = int64(rungs)*(boundaryGen+1) + 2
			over := fmt.Sprintf("then one of %d tokens over it if that is served", c+1)
			if !pl.boundaryOver {
				over = "(none over it: the share does not pay for one)"
			}
			bnd.Detail = fmt.Sprintf("another tenant plants a %d-token canary prompt before each rung; a prompt of %d tokens generating %d (the advertised context), %s, or up to %d bisections for the largest prompt served (in the worst case; more when refusals come cheap)",
				pl.plantLen, c-boundaryGen, boundaryGen, over, pl.search)
		}
	}
	return bnd
}
