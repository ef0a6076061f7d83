package grammar

// Arrays: items, prefixItems (tuples) and the item counts.

import "fmt"

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
