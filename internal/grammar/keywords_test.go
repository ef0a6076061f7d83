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
