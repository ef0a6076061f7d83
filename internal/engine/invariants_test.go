package engine

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"testing"
)

type checker struct{ err error }

func (c checker) Check() error { return c.err }

// TestCheckInvariants: a violation panics, saying after what and the checker's message; a clean
// core passes. (The loop calls it only in the invariants build.)
func TestCheckInvariants(t *testing.T) {
	log := slog.New(slog.NewTextHandler(io.Discard, nil))
	for _, tc := range []struct {
		name      string
		err       error
		wantPanic bool
	}{
		{"clean", nil, false},
		{"violation", errors.New("page counts differ"), true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var got any
			func() {
				defer func() { got = recover() }()
				checkInvariants(checker{tc.err}, log, "step")
			}()
			if (got != nil) != tc.wantPanic {
				t.Fatalf("panic %v, want a panic: %v", got, tc.wantPanic)
			}
			if got != nil && !strings.Contains(fmt.Sprint(got), "after step: page counts differ") {
				t.Fatalf("panic %q does not say where and what", got)
			}
		})
	}
}
