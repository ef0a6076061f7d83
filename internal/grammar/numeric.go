package grammar

import (
	"encoding/json"
	"fmt"
	"math/big"
	"strconv"
	"strings"
)

// maxSafeInteger is 2^53-1, the largest integer a float64 holds exactly: bounded integers are
// generated within ±maxSafeInteger (zod's z.number().int() asks for exactly that range).
const maxSafeInteger = 1<<53 - 1

// maxNumberInt bounds a bounded number's integer part when it has a fraction (15 digits, as for
// unbounded numbers).
const maxNumberInt = 999_999_999_999_999

var numericKeywords = []string{"minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum", "multipleOf"}

// numeric is the node of an integer or number with its bounds. Integers are exact. A number is
// exact on its integer values; a value with a fraction, I.F (or -I.F), is generated only when
// every value I.x (-I.x) is within the bounds, which never admits an out-of-range value.
func (c *compiler) numeric(o *object, integer bool, path string) (*node, error) {
	if !o.hasAny(numberOnly) {
		if integer {
			return c.newNode(kInteger), nil
		}
		return c.newNode(kNumber), nil
	}
	lo, hi, modulus, err := numericBounds(o, path)
	if err != nil {
		return nil, err
	}
	integer = integer || o.m["multipleOf"] != nil // a multiple of an integer is an integer
	alts := numberLanguage(lo, hi, integer)
	if len(alts) == 0 {
		return nil, &SchemaError{Keyword: "minimum", Path: path, Reason: "no number meets the bounds"}
	}
	d, err := c.regular(rxAltOf(alts...), "minimum", path)
	if err != nil {
		return nil, err
	}
	if modulus > 1 {
		if d, err = c.intersect(d, modulusDFA(int(modulus)), "multipleOf", path); err != nil {
			return nil, err
		}
	}
	return c.regularNode(d), nil
}

type bound struct {
	v         *big.Rat // nil: none
	exclusive bool
}

// numericBounds reads the bounds (the strictest of each side) and multipleOf (1 if absent).
func numericBounds(o *object, path string) (lo, hi bound, modulus int64, err error) {
	rat := func(k string) (*big.Rat, error) {
		v, ok := o.m[k]
		if !ok {
			return nil, nil
		}
		num, ok := v.(json.Number)
		r, parsed := new(big.Rat).SetString(string(num))
		if !ok || !parsed {
			return nil, &SchemaError{Keyword: k, Path: path, Reason: "must be a number"}
		}
		return r, nil
	}
	// tighten keeps the stricter of b and (r, exclusive); sign is 1 for a lower bound.
	tighten := func(b *bound, r *big.Rat, exclusive bool, sign int) {
		if b.v == nil || r.Cmp(b.v)*sign > 0 {
			*b = bound{r, exclusive}
		} else if r.Cmp(b.v) == 0 {
			b.exclusive = b.exclusive || exclusive
		}
	}
	for _, k := range numericKeywords[:4] {
		if _, isBool := o.m[k].(bool); isBool {
			continue // draft 4's flag on minimum/maximum, read with them
		}
		r, err := rat(k)
		if err != nil {
			return lo, hi, 0, err
		}
		if r == nil {
			continue
		}
		switch k {
		case "minimum":
			tighten(&lo, r, o.m["exclusiveMinimum"] == true, 1)
		case "exclusiveMinimum":
			tighten(&lo, r, true, 1)
		case "maximum":
			tighten(&hi, r, o.m["exclusiveMaximum"] == true, -1)
		default:
			tighten(&hi, r, true, -1)
		}
	}
	modulus = 1
	m, err := rat("multipleOf")
	switch {
	case err != nil:
		return lo, hi, 0, err
	case m == nil:
	case m.Sign() <= 0:
		return lo, hi, 0, &SchemaError{Keyword: "multipleOf", Path: path, Reason: "must be greater than 0"}
	case !m.IsInt() || !m.Num().IsInt64() || m.Num().Int64() > MaxRegularStates:
		return lo, hi, 0, &SchemaError{Keyword: "multipleOf", Path: path, Reason: fmt.Sprintf("only an integer from 1 to %d is supported", MaxRegularStates)}
	default:
		modulus = m.Num().Int64()
	}
	return lo, hi, modulus, nil
}

// numberLanguage is the expression of the numbers within lo and hi (integers only, or with a
// fraction where every value I.x is within them).
func numberLanguage(lo, hi bound, integer bool) []*rx {
	// lowest is the least integer I with I >= b (I > b when exclusive); highest the greatest
	// with I <= b (I < b), each clamped to ±limit.
	lowest := func(b bound, limit int64) int64 {
		if b.v == nil {
			return -limit
		}
		f := floor(b.v)
		if b.exclusive || !b.v.IsInt() {
			f.Add(f, big.NewInt(1))
		}
		return clamp(f, limit)
	}
	highest := func(b bound, limit int64) int64 {
		if b.v == nil {
			return limit
		}
		f := floor(b.v)
		if b.exclusive && b.v.IsInt() {
			f.Sub(f, big.NewInt(1))
		}
		return clamp(f, limit)
	}
	var alts []*rx
	if ilo, ihi := lowest(lo, maxSafeInteger), highest(hi, maxSafeInteger); ilo <= ihi {
		alts = append(alts, intRangeRx(ilo, ihi))
	}
	if !integer {
		frac := rxCatOf(rxByte('.'), rxRepOf(rxDigit, 1, maxFracDigits))
		// I.F lies in [I, I+1): I must meet the lower bound, I+1 <= hi.
		a, b := max(lowest(lo, maxNumberInt), 0), int64(maxNumberInt-1)
		if hi.v != nil {
			b = min(b, clamp(floor(hi.v), maxNumberInt)-1)
		}
		if a <= b {
			alts = append(alts, rxCatOf(natRangeRx(uint64(a), uint64(b)), frac))
		}
		// -I.F lies in (-(I+1), -I]: -I must meet the upper bound, -(I+1) >= lo.
		a, b = 0, int64(maxNumberInt-1)
		if hi.v != nil {
			a = max(a, -highest(hi, maxNumberInt))
		}
		if lo.v != nil {
			b = min(b, clamp(floor(new(big.Rat).Neg(lo.v)), maxNumberInt)-1)
		}
		if a <= b {
			alts = append(alts, rxCatOf(rxByte('-'), natRangeRx(uint64(a), uint64(b)), frac))
		}
	}
	return alts
}

// floor is the greatest integer at most r.
func floor(r *big.Rat) *big.Int {
	return new(big.Int).Div(r.Num(), r.Denom()) // Euclidean: rounds down for a positive divisor
}

func clamp(v *big.Int, limit int64) int64 {
	switch {
	case v.Cmp(big.NewInt(limit)) > 0:
		return limit
	case v.Cmp(big.NewInt(-limit)) < 0:
		return -limit
	}
	return v.Int64()
}

// Integers: a range [lo, hi] of int64 as decimal JSON (no leading zeros, no "-0").

// intRangeRx is the expression of the integers in [lo, hi], lo <= hi.
func intRangeRx(lo, hi int64) *rx {
	var alts []*rx
	if lo < 0 {
		nlo, nhi := uint64(1), uint64(-lo)
		if hi < 0 {
			nlo = uint64(-hi)
		}
		alts = append(alts, rxCatOf(rxByte('-'), natRangeRx(nlo, nhi)))
	}
	if hi >= 0 {
		alts = append(alts, natRangeRx(uint64(max(lo, 0)), uint64(hi)))
	}
	return rxAltOf(alts...)
}

// natRangeRx is the expression of the naturals in [lo, hi], lo <= hi, split by digit count and
// then digit by digit.
func natRangeRx(lo, hi uint64) *rx {
	var alts []*rx
	for l := len(strconv.FormatUint(lo, 10)); l <= len(strconv.FormatUint(hi, 10)); l++ {
		from, to := pow10(l-1), pow10(l)-1
		if l == 1 {
			from = 0
		}
		from, to = max(from, lo), min(to, hi)
		if from > to {
			continue
		}
		alts = append(alts, sameLenRx(strconv.FormatUint(from, 10), strconv.FormatUint(to, 10)))
	}
	return rxAltOf(alts...)
}

func pow10(k int) uint64 {
	p := uint64(1)
	for range k {
		p *= 10
	}
	return p
}

// sameLenRx is the expression of the decimal strings from lo to hi, both of one length.
func sameLenRx(lo, hi string) *rx {
	digits := func(a, b byte) *rx { return rxSet(brange{a, b}) }
	if len(lo) == 1 {
		return digits(lo[0], hi[0])
	}
	if lo[0] == hi[0] {
		return rxCatOf(rxByte(lo[0]), sameLenRx(lo[1:], hi[1:]))
	}
	rest := len(lo) - 1
	nines, zeros := strings.Repeat("9", rest), strings.Repeat("0", rest)
	if lo[1:] == zeros && hi[1:] == nines {
		return rxCatOf(digits(lo[0], hi[0]), rxRepOf(rxDigit, rest, rest))
	}
	alts := []*rx{rxCatOf(rxByte(lo[0]), sameLenRx(lo[1:], nines))}
	if lo[0]+1 <= hi[0]-1 {
		alts = append(alts, rxCatOf(digits(lo[0]+1, hi[0]-1), rxRepOf(rxDigit, rest, rest)))
	}
	alts = append(alts, rxCatOf(rxByte(hi[0]), sameLenRx(zeros, hi[1:])))
	return rxAltOf(alts...)
}

// modulusDFA accepts the decimal integers (an optional '-', digits) that are multiples of m.
func modulusDFA(m int) *dfa {
	d := &dfa{ncls: 12}
	for b := range d.class {
		d.class[b] = 11 // nothing
	}
	for b := byte('0'); b <= '9'; b++ {
		d.class[b] = b - '0'
	}
	d.class['-'] = 10
	for r := 0; r < m; r++ {
		for digit := 0; digit < 10; digit++ {
			d.next = append(d.next, int32((10*r+digit)%m))
		}
		d.next = append(d.next, int32(r), -1)
		d.accept = append(d.accept, r == 0)
	}
	return d
}
