package engine

import (
	"context"
	"sync"
	"testing"
	"testing/synctest"

	"github.com/kvwarden/kvwarden/internal/core"
	"github.com/kvwarden/kvwarden/internal/kv"
)

// TestStatusDuringALongStep: Stats, ConsoleView, Check and PageView answer while a step's forward
// pass is held (here until they have answered), and what they report includes the request being
// stepped. In a synctest bubble, a reader that waited for the step would leave every goroutine
// blocked: the bubble reports that deadlock and the test fails, with no timeout to tune.
func TestStatusDuringALongStep(t *testing.T) {
	m, tok := loadModel(t, demoModel)
	synctest.Test(t, func(t *testing.T) {
		e := startEngine(t, m, tok, testConfig, nil)
		stepping, answered := make(chan struct{}), make(chan struct{})
		var first sync.Once
		e.beforeStep = func([]core.Seq, *kv.Pool) {
			first.Do(func() {
				close(stepping)
				<-answered
			})
		}
		st, err := e.Submit(context.Background(), longRequest(4))
		if err != nil {
			t.Fatal(err)
		}
		<-stepping
		stats := e.Stats()
		view, loads := e.ConsoleView(nil)
		checked := e.Check()
		pages := e.PageView()
		close(answered)
		if stats.Running != 1 || view.Running != 1 || stats.PagesOwned == 0 {
			t.Errorf("mid-step: Stats %d running, %d pages owned; ConsoleView %d running: want the stepped request", stats.Running, stats.PagesOwned, view.Running)
		}
		if len(loads) != 1 || loads[0].Tenant != "a" || loads[0].Running != 1 {
			t.Errorf("mid-step tenant loads %+v, want tenant a running 1", loads)
		}
		if checked != nil || pages == nil {
			t.Errorf("mid-step Check %v, PageView %v", checked, pages)
		}
		if r := drain(st); r.err != nil || len(r.toks) != 4 {
			t.Fatalf("the held request ended %v after %d tokens", r.err, len(r.toks))
		}
	})
}

// TestStatusAfterClose: once the loop has ended, status is read directly and still true.
func TestStatusAfterClose(t *testing.T) {
	e := newEngine(t, demoModel, nil)
	if r := drain(mustSubmit(t, e, longRequest(2))); r.err != nil {
		t.Fatal(r.err)
	}
	e.Close()
	if st := e.Stats(); st.Finished["length"] != 1 || st.Running != 0 {
		t.Errorf("after Close: %d finished, %d running", st.Finished["length"], st.Running)
	}
	if err := e.Check(); err != nil {
		t.Error(err)
	}
}
