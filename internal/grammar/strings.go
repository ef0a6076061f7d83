package grammar

// Constrained strings: minLength, maxLength, format and pattern, each a regular language over
// the string's JSON text, intersected when several apply.

import (
	"fmt"
	"strconv"
)

// maxCountedLength is the longest string a length bound is counted to: a string with a larger
// maxLength is generated at most this long (which meets the bound), and a larger minLength is
// refused. With a format or pattern, counting costs automaton states (about nine per character).
const maxCountedLength = 1024

var stringOnly = map[string]bool{"minLength": true, "maxLength": true, "format": true, "pattern": true}

// formats are each format's language, in the pattern subset (ASCII; anchored).
var formats = map[string]string{
	// RFC 3339 full-date; February has 28 days (the 29th is never generated).
	"date": `\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|02-(?:0[1-9]|1\d|2[0-8]))`,
	// RFC 3339 full-time without leap seconds: hh:mm:ss, an optional fraction, Z or an offset.
	"time": timeFormat,
	// RFC 3339 date-time: full-date "T" full-time.
	"date-time": `\d{4}-(?:(?:0[13578]|1[02])-(?:0[1-9]|[12]\d|3[01])|(?:0[469]|11)-(?:0[1-9]|[12]\d|30)|02-(?:0[1-9]|1\d|2[0-8]))T` + timeFormat,
	// A dot-atom local part of at most 64 characters, @, a hostname.
	"email":    `[A-Za-z0-9_+-]{1,32}(?:\.[A-Za-z0-9_+-]{1,31})?@` + hostnameFormat,
	"uuid":     `[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}`,
	"ipv4":     `(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(?:\.(?:25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}`,
	"ipv6":     `[0-9a-fA-F]{1,4}(?::[0-9a-fA-F]{1,4}){7}`, // the full eight-group form
	"hostname": hostnameFormat,
	// An absolute http(s) URI: scheme, hostname, an optional path and query of unreserved characters.
	"uri": `https?://` + hostnameFormat + `(?:/[A-Za-z0-9._~-]*)*(?:\?[A-Za-z0-9._~=&-]*)?`,
}

const (
	timeFormat = `(?:[01]\d|2[0-3]):[0-5]\d:[0-5]\d(?:\.\d{1,9})?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)`
	// One to four labels of 1 to 40 letters, digits and inner hyphens: within 253 characters.
	hostnameFormat = `[A-Za-z0-9](?:[A-Za-z0-9-]{0,38}[A-Za-z0-9])?(?:\.[A-Za-z0-9](?:[A-Za-z0-9-]{0,38}[A-Za-z0-9])?){0,3}`
)

// str is the node of a string with its length bounds, format and pattern.
func (c *compiler) str(o *object, path string) (*node, error) {
	if !o.hasAny(stringOnly) {
		return c.newNode(kString), nil
	}
	var langs []*dfa
	lo, hi, err := counts(o, "minLength", "maxLength", path)
	if err != nil {
		return nil, err
	}
	if lo > maxCountedLength {
		return nil, &SchemaError{Keyword: "minLength", Path: path, Reason: fmt.Sprintf("more than %d characters are not supported", maxCountedLength)}
	}
	if hi >= 0 && hi < lo {
		return nil, &SchemaError{Keyword: "maxLength", Path: path, Reason: "below minLength: no value is allowed"}
	}
	if hi > maxCountedLength {
		hi = maxCountedLength
	}
	if !o.hasAny(map[string]bool{"format": true, "pattern": true}) {
		// Length bounds alone: a plain string whose frames count its characters, so that its
		// states keep the string fast path (body tables) instead of a state per position.
		n := c.newNode(kString)
		n.minChars, n.maxChars, n.bounded = lo, hi, hi >= 0
		return n, nil
	}
	if lo > 0 || hi >= 0 {
		d, err := c.regular(quoted(rxRepOf(jsonCharRx, lo, hi)), "maxLength", path)
		if err != nil {
			return nil, err
		}
		langs = append(langs, d)
	}
	if f, ok := o.m["format"]; ok {
		name, _ := f.(string)
		src, known := formats[name]
		if !known {
			return nil, &SchemaError{Keyword: "format", Path: path, Reason: fmt.Sprintf("format %q is not supported (supported: date-time, date, time, email, uuid, ipv4, ipv6, uri, hostname)", f)}
		}
		x, err := parsePattern("^" + src + "$")
		if err != nil {
			panic(fmt.Sprintf("format %s: %v", name, err)) // fixed sources: tested
		}
		d, err := c.stringDFA(x, "format", path)
		if err != nil {
			return nil, err
		}
		langs = append(langs, d)
	}
	if p, ok := o.m["pattern"]; ok {
		src, _ := p.(string)
		x, err := parsePattern(src)
		if err != nil {
			return nil, &SchemaError{Keyword: "pattern", Path: path, Reason: err.Error()}
		}
		d, err := c.stringDFA(x, "pattern", path)
		if err != nil {
			return nil, err
		}
		langs = append(langs, d)
	}
	d := langs[0]
	for _, l := range langs[1:] {
		if d, err = c.intersect(d, l, "pattern", path); err != nil {
			return nil, err
		}
	}
	return c.regularNode(d), nil
}

// stringDFA is the automaton of the JSON strings whose text x matches.
func (c *compiler) stringDFA(x *rx, keyword, path string) (*dfa, error) {
	if x.op != rxAnd {
		return c.regular(quoted(x), keyword, path)
	}
	var d *dfa
	for _, sub := range x.subs {
		e, err := c.regular(quoted(sub), keyword, path)
		if err == nil && d != nil {
			e, err = c.intersect(d, e, keyword, path)
		}
		if err != nil {
			return nil, err
		}
		d = e
	}
	return d, nil
}

// counts reads a pair of count keywords (minLength and maxLength, minItems and maxItems): lo
// is 0 and hi -1 where absent.
func counts(o *object, minKey, maxKey, path string) (lo, hi int, err error) {
	read := func(k string, def int) (int, error) {
		v, ok := o.m[k]
		if !ok {
			return def, nil
		}
		n, err := nonNegative(v)
		if err != nil {
			return 0, &SchemaError{Keyword: k, Path: path, Reason: err.Error()}
		}
		return n, nil
	}
	if lo, err = read(minKey, 0); err == nil {
		hi, err = read(maxKey, -1)
	}
	return lo, hi, err
}

func nonNegative(v any) (int, error) {
	s := fmt.Sprint(v)
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || n < 0 {
		return 0, fmt.Errorf("must be a non-negative integer")
	}
	return int(min(n, 1<<30)), nil
}
