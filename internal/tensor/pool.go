package tensor

import (
	"runtime"
	"sync"
	"sync/atomic"
)

// Pool is a fixed set of worker goroutines that run the parallel parts of the kernels,
// plus the scratch memory MatMul needs, so that steady-state calls allocate nothing.
//
// The calling goroutine works too, so a Pool of n threads starts n-1 goroutines; a Pool
// of 1 thread runs everything inline. Calls on one Pool are serialised: concurrent
// callers wait for each other (give each concurrent user its own Pool to overlap).
type Pool struct {
	mu      sync.Mutex // serialises Run / MatMul callers
	threads int
	workers []*poolWorker
	exited  sync.WaitGroup

	// The job of the current Run, published by gen.Add before workers look at it.
	fn     func(int)
	ntasks int64
	next   atomic.Int64
	gen    atomic.Uint64
	closed atomic.Bool

	pending      atomic.Int32 // workers still busy with the current job
	callerParked atomic.Bool
	callerWake   chan struct{}
	panicked     atomic.Pointer[poolPanic]
	matmulTaskFn func(int) // bound once so MatMul does not allocate a closure
	quantTaskFn  func(int)
	mm           matmulJob
	act          actBuf
	spinIters    int
	closeOnce    sync.Once
}

type poolPanic struct{ v any }

type poolWorker struct {
	parked atomic.Bool
	wake   chan struct{}
}

// How long a worker (or the caller waiting for workers) spins before parking. A decode
// step issues ~100 small MatMuls back to back; spinning across the gaps between them
// avoids a futex wake-up (several µs) per call, while parking after a short while keeps
// an idle server from burning CPU.
const defaultSpin = 20000

// NewPool starts a pool of threads workers (including the caller); threads <= 0 means
// runtime.NumCPU().
func NewPool(threads int) *Pool {
	if raceEnabled {
		return newPool(threads, 0)
	}
	return newPool(threads, defaultSpin)
}

func newPool(threads, spin int) *Pool {
	if threads <= 0 {
		threads = runtime.NumCPU()
	}
	p := &Pool{threads: threads, callerWake: make(chan struct{}, 1), spinIters: spin}
	p.matmulTaskFn = p.matmulTask
	p.quantTaskFn = p.quantTask
	for i := 1; i < threads; i++ {
		w := &poolWorker{wake: make(chan struct{}, 1)}
		p.workers = append(p.workers, w)
		p.exited.Add(1)
		go p.work(w)
	}
	return p
}

// Threads is the number of threads (the caller included) that run tasks.
func (p *Pool) Threads() int { return p.threads }

// Close stops the workers. The Pool must not be used afterwards, except that Close may
// be called again.
func (p *Pool) Close() {
	p.closeOnce.Do(func() {
		p.mu.Lock()
		defer p.mu.Unlock()
		p.closed.Store(true)
		p.gen.Add(1)
		p.wakeWorkers()
		p.exited.Wait()
	})
}

// Run calls fn(task) for every task in [0, tasks) on the pool's threads and returns when
// all calls have returned. Tasks are handed out dynamically, so fn must not depend on
// which thread runs it. A panic in fn is re-raised in the caller after all tasks end.
func (p *Pool) Run(tasks int, fn func(task int)) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.run(tasks, fn)
}

// run is Run without the lock, for callers that already hold it.
func (p *Pool) run(tasks int, fn func(int)) {
	if tasks <= 0 {
		return
	}
	if p.closed.Load() {
		panic("tensor: Pool used after Close")
	}
	if len(p.workers) == 0 || tasks == 1 {
		for t := range tasks {
			fn(t)
		}
		return
	}
	p.fn = fn
	p.ntasks = int64(tasks)
	p.next.Store(0)
	p.pending.Store(int32(len(p.workers)))
	p.gen.Add(1) // publishes the job
	p.wakeWorkers()
	p.workerDrain() // the caller works too; a panic here is also deferred until all end
	p.waitWorkers()
	p.fn = nil
	if pp := p.panicked.Swap(nil); pp != nil {
		panic(pp.v)
	}
}

// drain runs tasks of the current job until none are left.
func (p *Pool) drain() {
	for {
		t := p.next.Add(1) - 1
		if t >= p.ntasks {
			return
		}
		p.fn(int(t))
	}
}

func (p *Pool) wakeWorkers() {
	for _, w := range p.workers {
		if w.parked.Load() && w.parked.CompareAndSwap(true, false) {
			w.wake <- struct{}{}
		}
	}
}

func (p *Pool) waitWorkers() {
	for i := 0; p.pending.Load() != 0; i++ {
		if i < p.spinIters {
			if i&63 == 63 {
				runtime.Gosched()
			}
			continue
		}
		p.callerParked.Store(true)
		if p.pending.Load() == 0 {
			if p.callerParked.CompareAndSwap(true, false) {
				return
			}
			<-p.callerWake // the last worker claimed the wake-up; consume it
			return
		}
		<-p.callerWake
		return
	}
}

func (p *Pool) work(w *poolWorker) {
	defer p.exited.Done()
	// Generation 0 is "no job yet"; reading p.gen here instead could skip a job
	// published before this goroutine got scheduled.
	var seen uint64
	for {
		// Wait for a new generation: spin a while, then park.
		for i := 0; p.gen.Load() == seen; i++ {
			if i < p.spinIters {
				if i&63 == 63 {
					runtime.Gosched()
				}
				continue
			}
			w.parked.Store(true)
			if p.gen.Load() != seen && w.parked.CompareAndSwap(true, false) {
				break // the job arrived while we were going to sleep
			}
			<-w.wake // woken by wakeWorkers, which cleared parked
		}
		seen = p.gen.Load()
		if p.closed.Load() {
			return
		}
		p.workerDrain()
		if p.pending.Add(-1) == 0 && p.callerParked.Load() && p.callerParked.CompareAndSwap(true, false) {
			p.callerWake <- struct{}{}
		}
	}
}

func (p *Pool) workerDrain() {
	defer func() {
		if r := recover(); r != nil {
			p.panicked.CompareAndSwap(nil, &poolPanic{r})
			p.next.Store(p.ntasks) // stop handing out tasks
		}
	}()
	p.drain()
}
