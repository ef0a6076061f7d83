package server

// The parameters both endpoints share: sampling, stop strings and tokens, n and streaming.

import (
	"encoding/json"
	"math"
	"strconv"
	"unicode/utf8"

	"github.com/kvwarden/kvwarden/internal/sampler"
)

// samplingFields are the parameters shared by both endpoints.
type samplingFields struct {
	Model             string          `json:"model"`
	MaxTokens         *int64          `json:"max_tokens"`
	Temperature       *float64        `json:"temperature"`
	TopP              *float64        `json:"top_p"`
	TopK              *int64          `json:"top_k"`
	MinP              *float64        `json:"min_p"`
	Seed              *int64          `json:"seed"`
	N                 *int64          `json:"n"`
	Stop              json.RawMessage `json:"stop"`
	PresencePenalty   *float64        `json:"presence_penalty"`
	FrequencyPenalty  *float64        `json:"frequency_penalty"`
	RepetitionPenalty *float64        `json:"repetition_penalty"`
	Stream            *bool           `json:"stream"`
	StreamOptions     *struct {
		IncludeUsage *bool `json:"include_usage"`
	} `json:"stream_options"`
	LogitBias    map[string]float64 `json:"logit_bias"`
	IgnoreEOS    *bool              `json:"ignore_eos"`
	StopTokenIDs []int64            `json:"stop_token_ids"`
	// ResponseFormat and GuidedJSON (vLLM's) ask for JSON output (structured.go).
	ResponseFormat json.RawMessage `json:"response_format"`
	GuidedJSON     json.RawMessage `json:"guided_json"`
	// "user" is accepted and ignored: it is not declared, and unknown fields are skipped.
	pdFields
}

// finite rejects NaN and infinities (JSON cannot carry them, but a bound check must never be
// fooled by one if it ever gets through).
func finite(f float64) bool { return !math.IsNaN(f) && !math.IsInf(f, 0) }

// narrow converts an accepted parameter to the engine's float32 without changing its meaning: a
// nonzero value too small for float32 becomes the smallest nonzero float32 rather than 0, which
// means "off" or "greedy" for several parameters (top_p 1e-50 keeps the best token; it must not
// switch truncation off). Accepted values are far below the float32 maximum.
func narrow(v float64) float32 {
	f := float32(v)
	if f == 0 && v != 0 {
		return float32(math.Copysign(math.SmallestNonzeroFloat32, v))
	}
	return f
}

// apply checks the shared fields and sets them in p, step by step in the order of the fields' kinds.
func (f *samplingFields) apply(p *genParams, vocab int) *apiError {
	p.model = f.Model
	for _, step := range []func(*genParams, int) *apiError{
		f.applySampling, f.applyStops, f.applyStream, f.applyLogitBias, f.pdFields.apply,
	} {
		if e := step(p, vocab); e != nil {
			return e
		}
	}
	return nil
}

// applySampling sets the sampler's parameters, n and the seed.
func (f *samplingFields) applySampling(p *genParams, _ int) *apiError {
	p.sampling = sampler.Params{TopP: 1, RepetitionPenalty: 1, Temperature: 1, TopLogprobs: -1}
	for _, r := range []struct {
		v      *float64
		name   string
		lo, hi float64
		loOpen bool // lo itself is out of range
		dst    *float32
	}{
		{f.Temperature, "temperature", 0, 2, false, &p.sampling.Temperature},
		{f.TopP, "top_p", 0, 1, true, &p.sampling.TopP},
		{f.MinP, "min_p", 0, 1, false, &p.sampling.MinP},
		{f.PresencePenalty, "presence_penalty", -2, 2, false, &p.sampling.PresencePenalty},
		{f.FrequencyPenalty, "frequency_penalty", -2, 2, false, &p.sampling.FrequencyPenalty},
		{f.RepetitionPenalty, "repetition_penalty", 0, 10, true, &p.sampling.RepetitionPenalty},
	} {
		if r.v == nil {
			continue
		}
		if v := *r.v; !finite(v) || v < r.lo || (r.loOpen && v == r.lo) || v > r.hi {
			return outOfRange(r.name)
		}
		*r.dst = narrow(*r.v)
	}
	if f.TopK != nil {
		v := *f.TopK
		if v < -1 || v > maxTopK {
			return outOfRange("top_k")
		}
		if v > 0 {
			p.sampling.TopK = int(v)
		}
	}
	if f.Seed != nil {
		p.sampling.Seed, p.hasSeed = uint64(*f.Seed), true
	}
	p.n = 1
	if f.N != nil {
		if *f.N < 1 || *f.N > maxN {
			return outOfRange("n")
		}
		p.n = int(*f.N)
	}
	return nil
}

// applyStops sets the stop strings and tokens, ignore_eos, and the structured-output format, which a stop
// could cut short.
func (f *samplingFields) applyStops(p *genParams, vocab int) *apiError {
	stops, e := parseStop(f.Stop)
	if e != nil {
		return e
	}
	p.stops = stops
	if p.format, e = parseFormat(f.ResponseFormat, f.GuidedJSON); e != nil {
		return e
	}
	if len(f.StopTokenIDs) > maxStopTokens {
		return badRequest("stop_token_ids", "at most %d stop_token_ids are allowed", maxStopTokens)
	}
	for _, id := range f.StopTokenIDs {
		if !validID(id, vocab) {
			return badRequest("stop_token_ids", "stop_token_ids holds an id outside the vocabulary")
		}
		p.stopTokens = append(p.stopTokens, int32(id))
	}
	if p.format != nil && (len(p.stops) > 0 || len(p.stopTokens) > 0) {
		// A stop could cut the document short, breaking the promise that it parses.
		param := "stop"
		if len(p.stops) == 0 {
			param = "stop_token_ids"
		}
		return badRequest(param, "%s cannot be combined with structured outputs", param)
	}
	if f.IgnoreEOS != nil {
		p.ignoreEOS = *f.IgnoreEOS
	}
	return nil
}

// applyStream sets streaming and its options.
func (f *samplingFields) applyStream(p *genParams, _ int) *apiError {
	if f.Stream != nil {
		p.stream = *f.Stream
	}
	if f.StreamOptions != nil {
		if !p.stream {
			return badRequest("stream_options", "stream_options is only allowed with stream: true")
		}
		if f.StreamOptions.IncludeUsage != nil {
			p.includeUsage = *f.StreamOptions.IncludeUsage
		}
	}
	return nil
}

// applyLogitBias sets the logit biases, keyed by token ids in the vocabulary.
func (f *samplingFields) applyLogitBias(p *genParams, vocab int) *apiError {
	if len(f.LogitBias) > maxLogitBias {
		return badRequest("logit_bias", "at most %d logit_bias entries are allowed", maxLogitBias)
	}
	for k, v := range f.LogitBias {
		id, err := strconv.ParseInt(k, 10, 64)
		if err != nil || !validID(id, vocab) {
			return badRequest("logit_bias", "logit_bias keys must be token ids in the vocabulary")
		}
		if !finite(v) || v < -sampler.MaxLogitBias || v > sampler.MaxLogitBias {
			return outOfRange("logit_bias")
		}
		if p.logitBias == nil {
			p.logitBias = make(map[int32]float32, len(f.LogitBias))
		}
		p.logitBias[int32(id)] = float32(v)
	}
	return nil
}

func validID(id int64, vocab int) bool {
	if id < 0 || id > math.MaxInt32 {
		return false
	}
	return vocab <= 0 || id < int64(vocab)
}

func parseStop(raw json.RawMessage) ([]string, *apiError) {
	if isNull(raw) {
		return nil, nil
	}
	var stops []string
	var one string
	if err := json.Unmarshal(raw, &one); err == nil {
		stops = []string{one}
	} else if err := json.Unmarshal(raw, &stops); err != nil {
		return nil, badRequest("stop", "stop must be a string or an array of strings")
	}
	if len(stops) > maxStops {
		return nil, badRequest("stop", "at most %d stop strings are allowed", maxStops)
	}
	for _, s := range stops {
		if s == "" || len(s) > maxStopLen {
			return nil, badRequest("stop", "stop strings must be 1 to %d bytes long", maxStopLen)
		}
		// Matching works on whole characters; an invalid stop could cut one in half.
		if !utf8.ValidString(s) {
			return nil, badRequest("stop", "stop strings must be valid UTF-8")
		}
	}
	return stops, nil
}
