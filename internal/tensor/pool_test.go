package tensor

import (
	"fmt"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

func TestPoolRunsEveryTaskOnce(t *testing.T) {
	for _, th := range []int{1, 2, 3, 8} {
		p := NewPool(th)
		if p.Threads() != th {
			t.Fatalf("Threads() = %d", p.Threads())
		}
		for _, tasks := range []int{0, 1, 2, 7, 100} {
			for range 50 {
				hits := make([]atomic.Int32, tasks)
				p.Run(tasks, func(i int) { hits[i].Add(1) })
				for i := range hits {
					if hits[i].Load() != 1 {
						t.Fatalf("threads=%d tasks=%d: task %d ran %d times", th, tasks, i, hits[i].Load())
					}
				}
			}
		}
		p.Close()
		p.Close()
	}
	if NewPool(0).Threads() < 1 {
		t.Fatal("NewPool(0)")
	}
}

func TestPoolUsesThreads(t *testing.T) {
	p := NewPool(3)
	defer p.Close()
	if err := runTogether(p, 3, 10*time.Second); err != nil {
		t.Fatal(err)
	}
	// The check can fail: a 1-thread pool runs its tasks one after another.
	one := NewPool(1)
	defer one.Close()
	if runTogether(one, 2, 50*time.Millisecond) == nil {
		t.Fatal("2 tasks met on a 1-thread pool: the check cannot tell")
	}
}

// runTogether reports whether n tasks on p were all running at once: each waits up to wait for
// the others, so a pool that runs them one after another fails within about n×wait instead of
// deadlocking the test.
func runTogether(p *Pool, n int, wait time.Duration) error {
	var arrived, late atomic.Int32
	all := make(chan struct{})
	done := make(chan struct{})
	go func() {
		defer close(done)
		p.Run(n, func(int) {
			if arrived.Add(1) == int32(n) {
				close(all)
			}
			select {
			case <-all:
			case <-time.After(wait):
				late.Add(1)
			}
		})
	}()
	select {
	case <-done:
	case <-time.After(time.Duration(n+1) * wait):
		return fmt.Errorf("Run(%d) did not return within %v", n, time.Duration(n+1)*wait)
	}
	if k := late.Load(); k > 0 {
		return fmt.Errorf("%d of %d tasks waited %v for the others: the %d-thread pool did not run them at once", k, n, wait, p.Threads())
	}
	return nil
}

func TestPoolConcurrentCallers(t *testing.T) {
	p := NewPool(2)
	defer p.Close()
	var wg sync.WaitGroup
	var total atomic.Int64
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 200 {
				p.Run(10, func(i int) { total.Add(int64(i)) })
			}
		}()
	}
	wg.Wait()
	if total.Load() != 4*200*45 {
		t.Fatalf("total %d", total.Load())
	}
}

func TestPoolPanic(t *testing.T) {
	p := NewPool(2)
	defer p.Close()
	for _, bad := range []int{0, 5} { // in whichever thread the task lands
		func() {
			defer func() {
				if r := recover(); r != "boom" {
					t.Fatalf("recovered %v", r)
				}
			}()
			p.Run(8, func(i int) {
				if i == bad {
					panic("boom")
				}
			})
		}()
	}
	var n atomic.Int32
	p.Run(8, func(int) { n.Add(1) }) // still usable
	if n.Load() != 8 {
		t.Fatal(n.Load())
	}
}

func TestPoolRunAllocs(t *testing.T) {
	p := NewPool(2)
	defer p.Close()
	var n atomic.Int64
	fn := func(i int) { n.Add(int64(i)) }
	if a := testing.AllocsPerRun(100, func() { p.Run(16, fn) }); a != 0 {
		t.Fatalf("%v allocs per Run", a)
	}
}

// Workers that have parked (idle longer than the spin) must still be woken.
func TestPoolParkedWake(t *testing.T) {
	p := newPool(3, 1)
	defer p.Close()
	for range 200 {
		var n atomic.Int32
		p.Run(6, func(int) { n.Add(1) })
		if n.Load() != 6 {
			t.Fatal(n.Load())
		}
	}
}

func BenchmarkPoolRun(b *testing.B) {
	p := NewPool(2)
	defer p.Close()
	fn := func(int) {}
	for b.Loop() {
		p.Run(2, fn)
	}
}
