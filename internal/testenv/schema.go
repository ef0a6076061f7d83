package testenv

import (
	"strings"

	"github.com/santhosh-tekuri/jsonschema/v6"
)

// CompileSchema compiles a JSON schema with an independent validator, for checking that what the
// grammar let through validates. t is a *testing.T or a *rapid.T.
func CompileSchema(t interface {
	Helper()
	Fatal(...any)
}, schema string) *jsonschema.Schema {
	t.Helper()
	doc, err := jsonschema.UnmarshalJSON(strings.NewReader(schema))
	if err != nil {
		t.Fatal(err)
	}
	c := jsonschema.NewCompiler()
	if err := c.AddResource("schema.json", doc); err != nil {
		t.Fatal(err)
	}
	s, err := c.Compile("schema.json")
	if err != nil {
		t.Fatal(err)
	}
	return s
}
