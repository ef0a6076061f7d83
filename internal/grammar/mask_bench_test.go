package grammar

import (
	"math/rand/v2"
	"slices"
	"testing"
	"time"

	"github.com/kvwarden/kvwarden/internal/testenv"
	"github.com/kvwarden/kvwarden/internal/testenv/testtok"
)

// maskSchemas are BenchmarkMaskQwen's schemas: an ordinary one, the worst the live-stack bound
// accepts (finding 1's nested anyOf at K=8: 64 stacks inside every string), and value automata
// (strings without the string fast path).
var maskSchemas = map[string]string{
	"person":         personSchema,
	"nested-anyOf-8": testenv.NestedAnyOf(8),
	"zod-keywords":   `{"type":"object","properties":{"name":{"type":"string","minLength":1,"maxLength":200},"email":{"type":"string","format":"email"},"n":{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991},"p":{"type":"string","pattern":"^[a-z ]+$"}},"required":["name","email","n","p"]}`,
}

// BenchmarkMaskQwen measures the per-token mask cost on Qwen's 151,936-token vocabulary (the real
// tokenizer of qwen2-tiny-random): the allowed set, the sampler's bitmask of it (the state's own
// for a large set, else built from the list), and the advance, per generated token, tokens drawn uniformly from the allowed set.
// cold: every document on a fresh matcher, so each state's set is walked the first time, as a
// tenant's first request for a schema; warm: on one matcher, after three documents. It reports
// the p50 and p99 per token.
func BenchmarkMaskQwen(b *testing.B) {
	tok, _ := testtok.Load(b, "qwen2-tiny-random.gguf")
	v := VocabOf(tok, 151936)
	for name, schema := range maskSchemas {
		g, err := Compile([]byte(schema))
		if err != nil {
			b.Fatal(err)
		}
		for _, cold := range []bool{true, false} {
			mode := "warm"
			if cold {
				mode = "cold"
			}
			b.Run(name+"/"+mode, func(b *testing.B) {
				rng := rand.New(rand.NewPCG(1, 2))
				mask := make([]uint64, (v.Size()+63)/64)
				var times []time.Duration
				m, _ := NewMatcher(g, v)
				document := func(record bool) {
					c, err := m.NewConstraint(200)
					if err != nil {
						b.Fatal(err)
					}
					for !c.Complete() {
						start := time.Now()
						// As the sampler's fast draw: the state's own bitmask, else one built from the list.
						allowed := c.Allowed()
						if c.AllowedMask() == nil {
							clear(mask)
							for _, id := range allowed {
								mask[id>>6] |= 1 << (id & 63)
							}
						}
						id := allowed[rng.IntN(len(allowed))]
						c.Advance(id)
						if record {
							times = append(times, time.Since(start))
						}
					}
				}
				for range 3 {
					document(false) // the vocabulary's body tables, and warm's cache
				}
				for b.Loop() {
					if cold {
						m, _ = NewMatcher(g, v)
					}
					document(true)
				}
				slices.Sort(times)
				b.ReportMetric(float64(times[len(times)/2].Microseconds()), "p50-µs/token")
				b.ReportMetric(float64(times[len(times)*99/100].Microseconds()), "p99-µs/token")
				b.ReportMetric(float64(len(times))/float64(b.N), "tokens/doc")
			})
		}
	}
}
