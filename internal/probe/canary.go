package probe

import (
	"math/rand/v2"
	"strings"
)

// Canaries are random secrets planted in each tenant's prompts; any trace of one in another
// tenant's output is a leak.
//
// A canary is "kvw" followed by canaryBody characters drawn uniformly from [a-z0-9]: 20 × log2(36)
// ≈ 103 random bits. Outputs are matched after normalisation (lower case, only [a-z0-9] kept), so
// a canary split over tokens, spaced out or upper-cased is still found.
//
// Partial leaks (a model that attended over a foreign page reproduces a fragment, or a detokenised
// stream mangles part of it) are found by n-gram overlap: the canary body has canaryBody-gramLen+1
// distinct 8-grams, and an output holding at least gramHits of one canary's grams is a leak:
// at least 10 consecutive characters, half the secret, or three separate 8-character fragments.
//
// False positives: one 8-gram of the body occurs at a given position of a uniformly random
// [a-z0-9] text with probability 36^-8 ≈ 3.5e-13, and real model output (words, or a random model's
// gibberish of its vocabulary) is far less uniform than that. Three grams of the same canary by
// chance need ten matching characters in a row (36^-10 ≈ 2.7e-16 per position and canary) or three
// independent 8-character coincidences; over 10^8 characters of output and 10^4 canaries the
// expected number of false alarms stays below 1e-3. TestCanaryNoFalsePositives checks gibberish
// corpora of realistic size, TestCanaryPartialLeak the detection of fragments.
const (
	canaryPrefix = "kvw"
	canaryBody   = 20
	gramLen      = 8
	gramHits     = 3
)

const canaryAlphabet = "abcdefghijklmnopqrstuvwxyz0123456789"

func newCanary(rng *rand.Rand) string {
	var b strings.Builder
	b.WriteString(canaryPrefix)
	for range canaryBody {
		b.WriteByte(canaryAlphabet[rng.IntN(len(canaryAlphabet))])
	}
	return b.String()
}

// canarySet indexes every canary's grams for a single pass over each output.
type canarySet struct {
	canaries []string // normalised
	owner    []int    // tenant of canaries[i]
	grams    map[string][]int
}

func newCanarySet() *canarySet { return &canarySet{grams: map[string][]int{}} }

func (s *canarySet) add(c string, tenant int) {
	c = normalise(c)
	i := len(s.canaries)
	s.canaries = append(s.canaries, c)
	s.owner = append(s.owner, tenant)
	body := c[len(canaryPrefix):]
	seen := map[string]bool{}
	for j := 0; j+gramLen <= len(body); j++ {
		g := body[j : j+gramLen]
		if !seen[g] {
			seen[g] = true
			s.grams[g] = append(s.grams[g], i)
		}
	}
}

// CanaryHit is one canary found in one output.
type CanaryHit struct {
	Canary string
	Owner  int
	Exact  bool
	Grams  int // distinct grams of the canary found
}

// find returns the canaries of tenants other than reader that text contains, wholly or by
// n-gram overlap.
func (s *canarySet) find(text string, reader int) []CanaryHit {
	n := normalise(text)
	counts := map[int]map[string]bool{}
	for j := 0; j+gramLen <= len(n); j++ {
		g := n[j : j+gramLen]
		for _, i := range s.grams[g] {
			if s.owner[i] == reader {
				continue
			}
			if counts[i] == nil {
				counts[i] = map[string]bool{}
			}
			counts[i][g] = true
		}
	}
	var hits []CanaryHit
	for i, gs := range counts {
		exact := strings.Contains(n, s.canaries[i][len(canaryPrefix):])
		if exact || len(gs) >= gramHits {
			hits = append(hits, CanaryHit{Canary: s.canaries[i], Owner: s.owner[i], Exact: exact, Grams: len(gs)})
		}
	}
	return hits
}

// normalise keeps only lower-cased ASCII letters and digits.
func normalise(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9':
			b.WriteByte(c)
		case c >= 'A' && c <= 'Z':
			b.WriteByte(c + 'a' - 'A')
		}
	}
	return b.String()
}

// CanaryMatcher is the probe's canary matcher for callers that plant and read canaries themselves
// (kvwarden replay-incident): Add each tenant's canaries, then Find them in other tenants' outputs.
type CanaryMatcher struct{ s *canarySet }

// NewCanaryMatcher returns an empty matcher.
func NewCanaryMatcher() *CanaryMatcher { return &CanaryMatcher{newCanarySet()} }

// NewCanary draws a canary: "kvw" and 20 random [a-z0-9] characters.
func NewCanary(rng *rand.Rand) string { return newCanary(rng) }

// Add plants canary as tenant's.
func (m *CanaryMatcher) Add(canary string, tenant int) { m.s.add(canary, tenant) }

// Find returns the canaries of tenants other than reader that text contains, wholly or in part.
func (m *CanaryMatcher) Find(text string, reader int) []CanaryHit { return m.s.find(text, reader) }
