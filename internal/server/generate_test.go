package server

import (
	"context"
	"errors"
	"testing"

	"github.com/kvwarden/kvwarden/internal/engine"
	"github.com/kvwarden/kvwarden/internal/kvtypes"
)

// TestChoiceFinish checks the terminal-event step on its own: a failure is returned as is, a
// terminal event with no finish reason is an internal abort, and a finish releases the text held
// back for a possible stop string before the choice ends.
func TestChoiceFinish(t *testing.T) {
	boom := errors.New("boom")
	for _, c := range []struct {
		name     string
		ev       engine.Event
		held     string // text the stop-string scan holds back
		wantErr  error
		internal bool
		want     string // emitted text
		finish   string
	}{
		{name: "error", ev: engine.Event{Done: true, Err: boom}, held: "ab", wantErr: boom},
		{name: "no reason", ev: engine.Event{Done: true}, held: "ab", internal: true},
		{name: "stop", ev: engine.Event{Done: true, Finish: kvtypes.FinishStop}, held: "ab", want: "ab", finish: "stop"},
		{name: "length", ev: engine.Event{Done: true, Finish: kvtypes.FinishLength}, want: "", finish: "length"},
	} {
		t.Run(c.name, func(t *testing.T) {
			var got string
			co := &choiceOutput{
				j:    &job{p: &genParams{}},
				emit: func(d delta) { got += d.text },
				ts:   textStream{stops: []string{"abc"}},
			}
			if text, stopped := co.ts.push([]byte(c.held)); text != "" || stopped {
				t.Fatalf("push(%q) = %q, %v: want it all held back", c.held, text, stopped)
			}
			res, err := co.finish(context.Background(), c.ev)
			var ab *engine.AbortError
			switch {
			case c.wantErr != nil:
				if !errors.Is(err, c.wantErr) {
					t.Fatalf("err = %v, want %v", err, c.wantErr)
				}
			case c.internal:
				if !errors.As(err, &ab) || ab.Reason != "internal" {
					t.Fatalf("err = %v, want an internal abort", err)
				}
			case err != nil:
				t.Fatalf("err = %v", err)
			}
			if got != c.want || res.finish != c.finish {
				t.Errorf("emitted %q, finish %q; want %q, %q", got, res.finish, c.want, c.finish)
			}
		})
	}
}
