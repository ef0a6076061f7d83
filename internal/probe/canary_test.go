package probe

import (
	"math/rand/v2"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// gibberish corpora of the kinds a probe reads: a random-weight model's output (random tokens of
// a vocabulary, odd casing and punctuation), random [a-z0-9] (the worst case for the matcher) and
// hex dumps.
func gibberish(rng *rand.Rand, kind string, n int) string {
	var b strings.Builder
	vocab := append(strings.Fields("ing er the ▁a ▁b ed ly tion qu x z 0 1 9 ab cd ef kv w zz ##s <0x0A> Ġthe"), words...)
	for b.Len() < n {
		switch kind {
		case "tokens":
			w := vocab[rng.IntN(len(vocab))]
			if rng.IntN(5) == 0 {
				w = strings.ToUpper(w)
			}
			b.WriteString(w)
			if rng.IntN(3) == 0 {
				b.WriteByte(" ,.!?"[rng.IntN(5)])
			}
		case "alnum":
			b.WriteByte(canaryAlphabet[rng.IntN(len(canaryAlphabet))])
		case "hex":
			b.WriteByte("0123456789abcdef"[rng.IntN(16)])
		}
	}
	return b.String()
}

// TestCanaryNoFalsePositives reads 6 MB of gibberish as 3,000 answers of a fourth tenant against
// 1,500 canaries of three tenants, more than a long probe run plants: nothing may match, and not
// even single 8-grams may be common.
func TestCanaryNoFalsePositives(t *testing.T) {
	rng := rand.New(rand.NewPCG(1, 2))
	s := newCanarySet()
	for i := range 1500 {
		s.add(newCanary(rng), i%3)
	}
	for _, kind := range []string{"tokens", "alnum", "hex"} {
		grams := 0
		for range 1000 {
			text := gibberish(rng, kind, 2000)
			if hits := s.find(text, 3); len(hits) > 0 {
				t.Fatalf("%s gibberish matched canary %+v", kind, hits[0])
			}
			n := normalise(text)
			for j := 0; j+gramLen <= len(n); j++ {
				grams += len(s.grams[n[j:j+gramLen]])
			}
		}
		if grams > 2 {
			t.Errorf("%s gibberish: %d single 8-gram coincidences, expected about 0", kind, grams)
		}
	}
}

func TestCanaryPartialLeak(t *testing.T) {
	rng := rand.New(rand.NewPCG(3, 4))
	c := newCanary(rng)
	body := c[len(canaryPrefix):]
	s := newCanarySet()
	s.add(c, 0)
	spaced := strings.Join(strings.Split(c, ""), " ")
	for _, tc := range []struct {
		name   string
		text   string
		reader int
		want   bool
		exact  bool
	}{
		{"verbatim", "the code is " + c + ".", 1, true, true},
		{"spaced out by a tokenizer", spaced, 1, true, true},
		{"upper case with punctuation", strings.ToUpper(c[:12]) + "-" + strings.ToUpper(c[12:]), 1, true, true},
		{"body without the prefix", "x" + body + "y", 1, true, true},
		{"ten consecutive characters", "lorem " + body[5:15] + " ipsum", 1, true, false},
		{"three separate fragments", body[0:8] + " and " + body[12:20] + " so " + body[6:14], 1, true, false},
		{"nine characters: two grams", "zz " + body[3:12] + " zz", 1, false, false},
		{"two separate fragments", body[0:8] + " .. " + body[12:20], 1, false, false},
		{"the owner's own answer", c, 0, false, false},
		{"the prefix alone", canaryPrefix + canaryPrefix, 1, false, false},
	} {
		hits := s.find(tc.text, tc.reader)
		if got := len(hits) > 0; got != tc.want || got && hits[0].Exact != tc.exact {
			t.Errorf("%s: %q → %+v, want found %v exact %v", tc.name, tc.text, hits, tc.want, tc.exact)
		}
	}
}

// TestCanaryFragmentProperty: any 10 or more consecutive characters of a canary's body, anywhere
// in any text, are found and attributed to its owner.
func TestCanaryFragmentProperty(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		rng := rand.New(rand.NewPCG(rapid.Uint64().Draw(t, "seed"), 0))
		s := newCanarySet()
		owner := rapid.IntRange(0, 3).Draw(t, "owner")
		c := newCanary(rng)
		s.add(c, owner)
		s.add(newCanary(rng), (owner+1)%4)
		body := c[len(canaryPrefix):]
		start := rapid.IntRange(0, canaryBody-10).Draw(t, "start")
		end := rapid.IntRange(start+10, canaryBody).Draw(t, "end")
		text := rapid.String().Draw(t, "before") + body[start:end] + rapid.String().Draw(t, "after")
		hits := s.find(text, (owner+2)%4)
		found := false
		for _, h := range hits {
			found = found || h.Owner == owner && h.Canary == normalise(c)
		}
		if !found {
			t.Fatalf("fragment %q of %s not found in %q: %+v", body[start:end], c, text, hits)
		}
	})
}
