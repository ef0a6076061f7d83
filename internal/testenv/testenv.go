// Package testenv holds what the tests of several packages share: the shared test models and
// reference outputs, the table of malformed requests, and helpers to run a server under test.
//
// The models and references live outside the repository (../shared beside the checkout, or
// KVWARDEN_TESTDATA). A user's checkout without them skips those tests with a clear message; under
// CI (CI set) a missing folder is a failure, so the anchors can never silently stop running.
package testenv

import (
	"encoding/json"
	"os"
	"path/filepath"
	"runtime"
	"testing"
)

// Shared returns the shared test-data folder, which holds models/ and reference/.
func Shared(t testing.TB) string {
	t.Helper()
	dir := os.Getenv("KVWARDEN_TESTDATA")
	if dir == "" {
		_, file, _, _ := runtime.Caller(0)
		// internal/testenv/testenv.go -> repository root -> its parent.
		dir = filepath.Join(filepath.Dir(file), "..", "..", "..", "shared")
	}
	if _, err := os.Stat(filepath.Join(dir, "models")); err != nil {
		if os.Getenv("CI") != "" {
			t.Fatalf("shared test data not found at %s (set KVWARDEN_TESTDATA): %v", dir, err)
		}
		t.Skipf("shared test data not found at %s; set KVWARDEN_TESTDATA to the folder holding models/ and reference/", dir)
	}
	return dir
}

// Model returns the path of a file in the shared models folder.
func Model(t testing.TB, name string) string {
	t.Helper()
	return filepath.Join(Shared(t), "models", name)
}

// Reference returns the path of a file in the shared reference folder.
func Reference(t testing.TB, name string) string {
	t.Helper()
	return filepath.Join(Shared(t), "reference", name)
}

// Case is one entry of a reference JSON file (see ../shared/reference/README.md for each field).
type Case struct {
	Kind         string        `json:"kind"`
	ID           string        `json:"id"`
	Source       string        `json:"source"`
	Prompt       string        `json:"prompt"`
	Rendered     string        `json:"rendered_prompt"`
	KVCacheType  string        `json:"kv_cache_type"`
	PromptIDs    []int32       `json:"prompt_ids"`
	GenIDs       []int32       `json:"gen_ids"`
	NPositions   int           `json:"n_positions"`
	NGen         int           `json:"n_gen"`
	Position     int           `json:"position"`
	StoppedAtBOS bool          `json:"stopped_at_bos"`
	TextHex      string        `json:"text_utf8_hex"`
	TextInPrompt bool          `json:"text_includes_prompt"`
	Top5         [][]float64   `json:"top5_logits"`
	Top5PerStep  [][][]float64 `json:"top5_logits_per_step"`
}

// Cases reads a reference file of the shared folder holding Cases.
func Cases(t testing.TB, name string) []Case { return ReadReference[Case](t, name) }

// ReadReference reads a reference file of the shared folder: a JSON array of T.
func ReadReference[T any](t testing.TB, name string) []T {
	t.Helper()
	data, err := os.ReadFile(Reference(t, name))
	if err != nil {
		t.Fatal(err)
	}
	var cs []T
	if err := json.Unmarshal(data, &cs); err != nil {
		t.Fatalf("%s: %v", name, err)
	}
	return cs
}
