package grammar

// Arrays: items, tuples (prefixItems, or draft-07's items as a list) and the item counts.

import "fmt"

// maxCountedItems bounds minItems and the counting of maxItems (a state per count).
const maxCountedItems = 1024

// array is the node of an array: items, a tuple and the item counts.
func (c *compiler) array(o *object, path string) (*node, error) {
	a := c.newNode(kArray)
	tuple, rest, err := tupleForm(o, path)
	if err != nil {
		return nil, err
	}
	if pi, ok := o.m[tuple]; ok {
		list, ok := pi.([]any)
		if !ok {
			return nil, &SchemaError{Keyword: tuple, Path: path, Reason: "must be an array of schemas"}
		}
		for i, s := range list {
			n, err := c.compile(s, fmt.Sprintf("%s/%s/%d", path, tuple, i))
			if err != nil {
				return nil, err
			}
			a.alts = append(a.alts, n)
		}
	}
	switch items := o.m[rest].(type) {
	case nil:
		if len(a.alts) == 0 {
			a.items = c.anyValue(2)
		} // after prefixItems, no more are generated (fewer is valid)
	case bool:
		if items {
			a.items = c.anyValue(2)
		}
	case []any:
		return nil, &SchemaError{Keyword: rest, Path: path, Reason: "must be a schema"}
	default:
		n, err := c.compile(items, path+"/"+rest)
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

// tupleForm names the keywords of an array's tuple and of the items after it: prefixItems and
// items (draft 2020-12, zod's z.tuple), or items as a list and additionalItems (draft-07, as the
// Vercel AI SDK writes z.tuple), which mean the same.
func tupleForm(o *object, path string) (tuple, rest string, err error) {
	_, list := o.m["items"].([]any)
	_, prefix := o.m["prefixItems"]
	_, additional := o.m["additionalItems"]
	switch {
	case list && prefix:
		return "", "", &SchemaError{Keyword: "prefixItems", Path: path, Reason: "beside items as a list (a draft-07 tuple): write the tuple one way"}
	case list:
		return "items", "additionalItems", nil
	case additional:
		return "", "", &SchemaError{Keyword: "additionalItems", Path: path, Reason: "only beside items as a list (a draft-07 tuple); after prefixItems, items is the rest's schema"}
	}
	return "prefixItems", "items", nil
}
