package tensor

import (
	"runtime"
	"sync/atomic"
	"testing"
	"time"
)

// TestPoolNoLostWakeups runs many short jobs with uneven, jittery tasks and a background load
// that delays workers at random, so that the last task of a job often finishes after its caller
// has moved on. A lost or stray wake-up shows as a job returning early (a task still counting)
// or as a hang, which the watchdog turns into a failure.
func TestPoolNoLostWakeups(t *testing.T) {
	// Short mode (CI's arm64 run under qemu, where a futex wake costs far more) runs fewer jobs; the
	// native run keeps the full count that made lost wake-ups show up.
	jobs := 20000
	if testing.Short() {
		jobs = 2000
	}
	for _, spin := range []int{0, 1, 50, defaultSpin} {
		p := newPool(3, spin)
		stop := make(chan struct{})
		go func() { // competes for the CPUs so workers are descheduled mid-job
			for {
				select {
				case <-stop:
					return
				default:
					runtime.Gosched()
				}
			}
		}()
		done := make(chan struct{})
		go func() {
			defer close(done)
			var running atomic.Int32
			for i := 0; i < jobs; i++ {
				tasks := 2 + i%5
				p.Run(tasks, func(task int) {
					running.Add(1)
					if (i+task)%7 == 0 {
						runtime.Gosched()
					}
					running.Add(-1)
				})
				if n := running.Load(); n != 0 {
					t.Errorf("spin %d, job %d: Run returned with %d tasks still running", spin, i, n)
					return
				}
			}
		}()
		select {
		case <-done:
		case <-time.After(60 * time.Second):
			t.Fatalf("spin %d: the pool hung (lost wake-up)", spin)
		}
		close(stop)
		p.Close()
	}
}

// TestPoolCloseAfterJob closes pools right after a job, while workers are still leaving it: a
// worker that checked the closed flag before reading Close's generation parked for good, and
// Close waited for it forever.
func TestPoolCloseAfterJob(t *testing.T) {
	pools := 5000
	if testing.Short() {
		pools = 1000
	}
	done := make(chan struct{})
	go func() {
		defer close(done)
		for i := 0; i < pools; i++ {
			p := newPool(3, i%3)
			p.Run(2+i%4, func(int) {})
			p.Close()
		}
	}()
	select {
	case <-done:
	case <-time.After(60 * time.Second):
		t.Fatal("Close hung: a worker missed the closing generation")
	}
}
