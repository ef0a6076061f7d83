package tensor

import (
	"math"
	"runtime"
	"sync"
	"sync/atomic"
)

// Pool is a fixed set of worker goroutines that run the parallel parts of the kernels,
// plus the scratch memory MatMul needs, so that steady-state calls allocate nothing.
//
// The calling goroutine works too, so a Pool of n threads starts n-1 goroutines; a Pool
// of 1 thread runs everything inline. Calls on one Pool are serialised: concurrent
// callers wait for each other (give each concurrent user its own Pool to overlap), and
// a task must not call back into its own Pool, which would deadlock.
//
// Workers claim tasks one at a time, and a call returns as soon as every task has
// finished: a worker that was not scheduled in time (the machine is busy with other
// goroutines or processes) simply takes no part instead of delaying the call.
type Pool struct {
	mu      sync.Mutex // serialises Run / MatMul callers
	threads int
	workers []*poolWorker
	exited  sync.WaitGroup

	// The current job. claim holds the job's generation in its high 32 bits and the next
	// unclaimed task in the low 32; fn and ntasks are written (after the previous
	// generation is retired) before the generation is published, and only read by whoever
	// has claimed a task of that generation.
	fn     func(int)
	ntasks atomic.Int64
	claim  atomic.Uint64
	done   atomic.Int64 // tasks of the current job that have returned
	closed atomic.Bool

	// callerParked holds the generation of the job whose caller is parked (0: none). Keying it by
	// generation matters: the runner of a job's last task may still be about to wake the caller
	// when that caller has already seen the job done (by spinning) and parked for the next job; a
	// plain flag would let that late wake-up end the next job early.
	callerParked atomic.Uint64
	callerWake   chan struct{}
	panicked     atomic.Pointer[poolPanic]
	spinIters    int
	closeOnce    sync.Once

	matmulTaskFn func(int) // bound once so MatMul does not allocate a closure
	quantTaskFn  func(int)
	mm           [maxMatMuls]matmulJob // the MatMuls call in flight, one job per matrix
	mmTasks      [maxMatMuls]int       // the tasks of jobs 0..i end before mmTasks[i]
	// The side tasks of a MatMulsBeside call in flight, interleaved with its products' tasks.
	side            func(int)
	sides, products int
	act             actBuf
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

// parkOrdering: parking is a Dekker handshake (each side stores its flag, then loads the
// other's), so it needs the store ordered before the load. Go's atomic Store promises that,
// but qemu-user, which runs CI's arm64 tests on x86 hosts, translates arm64's STLR then
// LDAR without a fence between them, and x86 lets the load pass the store: the caller then
// misses the last task's finish, the runner misses the parked caller, and both wait forever
// (1 hang in ~100 runs of TestPoolNoLostWakeups there). The three stores of the handshake
// are therefore swaps: a read-modify-write is a full barrier on every CPU and emulator, and
// costs what a seq-cst store does (amd64 compiles Store to XCHG already).

// NewPool starts a pool of threads workers (including the caller); threads <= 0 means
// runtime.NumCPU().
func NewPool(threads int) *Pool { return newPool(threads, defaultSpin) }

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
		p.claim.Add(1 << 32) // a new generation with no tasks wakes everyone up
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
	if uint64(tasks) >= math.MaxUint32 {
		panic("tensor: too many tasks")
	}
	if len(p.workers) == 0 || tasks == 1 {
		for t := range tasks {
			fn(t)
		}
		return
	}
	// First retire the previous job's generation with nothing left to claim: a worker that
	// read its claim word just before it ended could otherwise pair that stale word with
	// the new ntasks and claim a task of this job under the old generation.
	base := p.claim.Load() >> 32
	p.claim.Store((base+1)<<32 | math.MaxUint32)
	p.fn = fn
	p.ntasks.Store(int64(tasks))
	p.done.Store(0)
	gen := base + 2
	p.claim.Swap(gen << 32) // publishes the job (a swap: see parkOrdering)
	p.wakeWorkers()
	p.runTasks(uint32(gen))
	p.waitDone(uint32(gen), int64(tasks))
	p.fn = nil
	if pp := p.panicked.Swap(nil); pp != nil {
		panic(pp.v)
	}
}

// runTasks claims and runs tasks of generation gen until none are left unclaimed.
func (p *Pool) runTasks(gen uint32) {
	for {
		c := p.claim.Load()
		if uint32(c>>32) != gen {
			return // a later job: the caller of this one has already moved on
		}
		n := p.ntasks.Load()
		t := int64(uint32(c))
		if t >= n {
			return
		}
		if !p.claim.CompareAndSwap(c, c+1) {
			continue
		}
		p.runTask(int(t))
		if p.done.Add(1) == n && p.callerParked.CompareAndSwap(uint64(gen), 0) {
			p.callerWake <- struct{}{}
		}
	}
}

func (p *Pool) runTask(t int) {
	defer func() {
		if r := recover(); r != nil {
			p.panicked.CompareAndSwap(nil, &poolPanic{r})
		}
	}()
	p.fn(t)
}

func (p *Pool) wakeWorkers() {
	for _, w := range p.workers {
		if w.parked.Load() && w.parked.CompareAndSwap(true, false) {
			w.wake <- struct{}{}
		}
	}
}

// waitDone waits until all n tasks of generation gen have returned.
func (p *Pool) waitDone(gen uint32, n int64) {
	for i := 0; p.done.Load() != n; i++ {
		if i < p.spinIters {
			if i&63 == 63 {
				runtime.Gosched()
			}
			continue
		}
		g := uint64(gen)
		p.callerParked.Swap(g) // a swap: see parkOrdering
		if p.done.Load() == n {
			if p.callerParked.CompareAndSwap(g, 0) {
				return
			}
			<-p.callerWake // the last task's runner claimed the wake-up; consume it
			return
		}
		<-p.callerWake
		return
	}
}

func (p *Pool) work(w *poolWorker) {
	defer p.exited.Done()
	var seen uint32 // generation 0 is "no job yet"
	for {
		// Wait for a new generation: spin a while, then park.
		for i := 0; uint32(p.claim.Load()>>32) == seen; i++ {
			if i < p.spinIters {
				if i&63 == 63 {
					runtime.Gosched()
				}
				continue
			}
			w.parked.Swap(true) // a swap: see parkOrdering
			if uint32(p.claim.Load()>>32) != seen && w.parked.CompareAndSwap(true, false) {
				break // the job arrived while we were going to sleep
			}
			<-w.wake // woken by wakeWorkers, which cleared parked
		}
		// Read the generation before the closed flag: Close sets the flag before it bumps the
		// generation, so a worker that reads the closing generation also sees the flag. The
		// other order let a worker pass the check, then take Close's generation as the one it
		// had served and park for good.
		seen = uint32(p.claim.Load() >> 32)
		if p.closed.Load() {
			return
		}
		p.runTasks(seen)
	}
}
