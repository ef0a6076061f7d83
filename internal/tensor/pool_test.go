package tensor

import (
	"sync"
	"sync/atomic"
	"testing"
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
	// Tasks that wait for each other can only finish if they run concurrently.
	var wg sync.WaitGroup
	wg.Add(3)
	p.Run(3, func(int) { wg.Done(); wg.Wait() })
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
