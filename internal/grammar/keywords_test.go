package grammar

import "testing"

// TestKeywordLanguages: each keyword's automaton accepts exactly the documents it should, at the
// edges of its language (a prefix that can still grow is not a document).
func TestKeywordLanguages(t *testing.T) {
	tests := []struct {
		schema string
		accept []string
		reject []string
	}{
		{`{"type":"integer","minimum":-9007199254740991,"maximum":9007199254740991}`,
			[]string{"0", "-9007199254740991", "9007199254740991", "42"},
			[]string{"9007199254740992", "-9007199254740992", "01", "-0", "1.5"}},
		{`{"type":"integer","exclusiveMinimum":-3,"exclusiveMaximum":12}`,
			[]string{"-2", "0", "11"}, []string{"-3", "12", "100"}},
		{`{"type":"integer","minimum":3,"maximum":100,"multipleOf":7}`,
			[]string{"7", "14", "98"}, []string{"0", "3", "21.0", "105", "99"}},
		{`{"type":"number","minimum":0.5,"exclusiveMaximum":3}`,
			[]string{"1", "2", "1.25", "2.999"}, []string{"0", "0.4", "3", "3.0", "-1"}},
		{`{"type":"number","exclusiveMinimum":-2,"maximum":0}`,
			[]string{"-1", "0", "-1.5", "-0.5"}, []string{"-2", "-2.0", "0.5", "1"}},
		{`{"type":"string","minLength":1,"maxLength":3}`,
			[]string{`"a"`, `"\""`, `"é€😀"`, `"abc"`}, []string{`""`, `"abcd"`}},
		{`{"type":"string","pattern":"^[a-c]+\\d{2}$"}`,
			[]string{`"ab12"`, `"c00"`}, []string{`"ab1"`, `"d12"`, `"ab123"`}},
		{`{"type":"string","pattern":"x"}`, []string{`"x"`, `"axb"`}, []string{`"ab"`}},
		{`{"type":"string","pattern":"^(?=.{1,5}$)[a-z]+$"}`, []string{`"abcde"`}, []string{`"abcdef"`}},
		{`{"type":"string","pattern":"^[\"\\\\]$"}`, []string{`"\""`, `"\\"`}, []string{`"\"`}},
		{`{"type":"string","format":"date-time"}`,
			[]string{`"2024-02-28T12:30:00Z"`, `"1999-12-31T23:59:59.123+05:30"`},
			[]string{`"2024-02-30T12:30:00Z"`, `"2024-13-01T00:00:00Z"`, `"2024-01-01T24:00:00Z"`, `"2024-01-01"`}},
		{`{"type":"string","format":"date"}`, []string{`"2024-04-30"`}, []string{`"2024-04-31"`}},
		{`{"type":"string","format":"time"}`, []string{`"08:00:00-01:00"`}, []string{`"08:00"`}},
		{`{"type":"string","format":"email"}`, []string{`"a.b@example.com"`}, []string{`"a@"`, `"@b.c"`, `"a b@c.d"`}},
		{`{"type":"string","format":"uuid"}`, []string{`"123e4567-e89b-12d3-a456-426614174000"`}, []string{`"123e4567"`}},
		{`{"type":"string","format":"ipv4"}`, []string{`"192.168.0.1"`}, []string{`"256.1.1.1"`, `"01.1.1.1"`}},
		{`{"type":"string","format":"ipv6"}`, []string{`"2001:db8:0:0:0:0:2:1"`}, []string{`"2001:db8::1:2:3:4:5:6:7"`}},
		{`{"type":"string","format":"hostname"}`, []string{`"a-b.example"`}, []string{`"-a.b"`, `"a_b"`}},
		{`{"type":"string","format":"uri"}`, []string{`"https://example.com/a/b?x=1"`}, []string{`"example.com"`}},
		{`{"type":"string","format":"email","pattern":"^[a-z]+@[a-z]+\\.[a-z]{2,}$"}`,
			[]string{`"ab@cd.ef"`}, []string{`"A@cd.ef"`, `"a.b@cd.ef"`}},
		{`{"type":"array","items":{"type":"integer"},"minItems":2,"maxItems":3}`,
			[]string{"[1,2]", "[1,2,3]"}, []string{"[]", "[1]", "[1,2,3,4]"}},
		{`{"type":"array","prefixItems":[{"type":"integer"},{"type":"string"}],"items":false}`,
			[]string{`[1,"a"]`}, []string{`[1]`, `[1,"a",2]`, `["a",1]`}},
		{`{"type":"array","prefixItems":[{"type":"integer"}],"items":{"type":"boolean"},"minItems":2}`,
			[]string{`[1,true]`, `[1,true,false]`}, []string{`[1]`, `[1,2]`}},
		{`{"type":"object","propertyNames":{"type":"string"},"additionalProperties":{"type":"integer","minimum":0}}`,
			[]string{`{}`, `{"a":1,"b":2}`}, []string{`{"a":-1}`, `{"a":"x"}`}},
		{`{"oneOf":[{"type":"object","properties":{"kind":{"const":"a"},"x":{"type":"integer"}},"required":["kind","x"]},{"type":"object","properties":{"kind":{"const":"b"}},"required":["kind"]}]}`,
			[]string{`{"kind":"a","x":1}`, `{"kind":"b"}`}, []string{`{"kind":"c"}`, `{"kind":"a"}`}},
	}
	for _, tc := range tests {
		m := mustMatcher(t, tc.schema)
		for _, doc := range tc.accept {
			if _, complete := accepts(m, doc); !complete {
				t.Errorf("%s: %s refused", tc.schema, doc)
			}
		}
		for _, doc := range tc.reject {
			if _, complete := accepts(m, doc); complete {
				t.Errorf("%s: %s accepted", tc.schema, doc)
			}
		}
	}
}
