package grammar

import (
	"encoding/json"
	"fmt"
	"math/big"
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
	type bound struct {
		v         *big.Rat
		exclusive bool
	}
	// tighten keeps the stricter of b and (r, exclusive); sign is 1 for a lower bound.
	tighten := func(b *bound, r *big.Rat, exclusive bool, sign int) {
		if b.v == nil || r.Cmp(b.v)*sign > 0 {
			*b = bound{r, exclusive}
		} else if r.Cmp(b.v) == 0 {
			b.exclusive = b.exclusive || exclusive
		}
	}
	var lo, hi bound
	for _, k := range numericKeywords[:4] {
		if _, isBool := o.m[k].(bool); isBool {
			continue // draft 4's flag on minimum/maximum, read with them
		}
		r, err := rat(k)
		if err != nil {
			return nil, err
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
	modulus := int64(1)
	if m, err := rat("multipleOf"); err != nil {
		return nil, err
	} else if m != nil {
		if m.Sign() <= 0 {
			return nil, &SchemaError{Keyword: "multipleOf", Path: path, Reason: "must be greater than 0"}
		}
		if !m.IsInt() || !m.Num().IsInt64() || m.Num().Int64() > MaxRegularStates {
			return nil, &SchemaError{Keyword: "multipleOf", Path: path, Reason: fmt.Sprintf("only an integer from 1 to %d is supported", MaxRegularStates)}
		}
		modulus, integer = m.Num().Int64(), true // a multiple of an integer is an integer
	}
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

// maxCountedItems bounds minItems and the counting of maxItems (a state per count).
const maxCountedItems = 1024

// array is the node of an array: items, prefixItems (tuples) and the item counts.
func (c *compiler) array(o *object, path string) (*node, error) {
	a := c.newNode(kArray)
	if pi, ok := o.m["prefixItems"]; ok {
		list, ok := pi.([]any)
		if !ok {
			return nil, &SchemaError{Keyword: "prefixItems", Path: path, Reason: "must be an array of schemas"}
		}
		for i, s := range list {
			n, err := c.compile(s, fmt.Sprintf("%s/prefixItems/%d", path, i))
			if err != nil {
				return nil, err
			}
			a.alts = append(a.alts, n)
		}
	}
	switch items := o.m["items"].(type) {
	case nil:
		if len(a.alts) == 0 {
			a.items = c.anyValue(2)
		} // after prefixItems, no more are generated (fewer is valid)
	case bool:
		if items {
			a.items = c.anyValue(2)
		}
	case []any:
		return nil, &SchemaError{Keyword: "items", Path: path, Reason: "tuple items (an array) are not supported: use prefixItems"}
	default:
		n, err := c.compile(items, path+"/items")
		if err != nil {
			return nil, err
		}
		a.items = n
	}
	lo, hi, err := counts(o, "minItems", "maxItems", path)
	if err != nil {
		return nil, err
	}
	// All prefix items are generated: a tuple comes whole.
	lo = max(lo, len(a.alts))
	if a.items == nil && (hi < 0 || hi > len(a.alts)) {
		hi = len(a.alts)
	}
	if hi > maxCountedItems {
		hi = maxCountedItems // fewer items meet the bound
	}
	if lo > maxCountedItems {
		return nil, &SchemaError{Keyword: "minItems", Path: path, Reason: fmt.Sprintf("more than %d items are not supported", maxCountedItems)}
	}
	if hi >= 0 && hi < lo {
		return nil, &SchemaError{Keyword: "maxItems", Path: path, Reason: "below minItems or the prefixItems: no value is allowed"}
	}
	if lo > len(a.alts) && a.items == nil {
		return nil, &SchemaError{Keyword: "minItems", Path: path, Reason: "more items than prefixItems and items allow"}
	}
	a.minItems, a.maxItems = lo, hi
	a.countCap = max(lo, len(a.alts))
	if hi >= 0 {
		a.countCap = hi
	}
	return a, nil
}
