package bench

import (
	"os"
	"path/filepath"
	"runtime"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/kvwarden/kvwarden/internal/tensor"
)

// Limits are the machine's ceilings, measured with the thread count the engine uses.
type Limits struct {
	Threads int `json:"threads"`
	// ReadGBps is the best of several multi-threaded streaming reads of a buffer much larger
	// than the last-level cache: what generation, which reads every weight once per step, can
	// at most reach.
	ReadGBps        float64 `json:"read_gb_per_s"`
	ReadBufferBytes int64   `json:"read_buffer_bytes"`
	ReadMethod      string  `json:"read_method"`
	L3Bytes         int64   `json:"l3_bytes,omitempty"`
	// WorkingSetGBps is the same read over a buffer the size of the model's streamed weights:
	// where they fit in a cache, the rate generation can reach reading them from there.
	WorkingSetGBps  float64 `json:"working_set_read_gb_per_s,omitempty"`
	WorkingSetBytes int64   `json:"working_set_bytes,omitempty"`
	// DotGFLOPs is tensor.DotF32, the F32 kernel of MatMul, on vectors that stay in L1: the best
	// the F32 kernels in use can do with no memory traffic.
	DotGFLOPs float64 `json:"dot_kernel_gflop_per_s"`
	Kernels   string  `json:"kernels"`
	// FMAGFLOPs is a register-only F32 FMA loop at the widest vector width the CPU runs: what
	// the cores can issue at all. 0 where no such loop exists for the architecture.
	FMAGFLOPs float64 `json:"fma_peak_gflop_per_s,omitempty"`
	FMAMethod string  `json:"fma_method,omitempty"`
	// Int8GOPs is the same for the int8 products of the quantised kernels (2 operations a
	// product): where they are bound by the multiplier, the rate a prompt can at most reach. The
	// amx set's Q8_0 and Q4_0 prompts run on AMX tiles, beyond this vector ceiling.
	Int8GOPs   float64 `json:"int8_peak_gop_per_s,omitempty"`
	Int8Method string  `json:"int8_method,omitempty"`
}

// LimitsOptions tune MeasureLimits.
type LimitsOptions struct {
	Threads   int   // 0: runtime.NumCPU()
	ReadBytes int64 // read buffer; 0: 1 GiB or 4× the L3 cache, whichever is larger, at most 4 GiB
	// WorkingSetBytes, if positive, also measures reads over a buffer this size (the weights).
	WorkingSetBytes int64
}

// sink keeps the measured loops' results alive so the compiler cannot drop the work.
var sink atomic.Uint64

// MeasureLimits measures read bandwidth, the F32 dot kernel's rate and the FMA and int8 peaks. It
// takes about two seconds and briefly allocates the read buffer, which it returns to the OS afterwards.
func MeasureLimits(o LimitsOptions) Limits {
	threads := o.Threads
	if threads <= 0 {
		threads = runtime.NumCPU()
	}
	l := Limits{Threads: threads, L3Bytes: l3Bytes()}
	l.ReadBufferBytes = o.ReadBytes
	if l.ReadBufferBytes <= 0 {
		l.ReadBufferBytes = min(max(1<<30, 4*l.L3Bytes), 4<<30)
	}
	var read func([]uint64) uint64
	read, l.ReadMethod = readKernel()
	l.ReadGBps = readBandwidth(read, threads, l.ReadBufferBytes, 5)
	if o.WorkingSetBytes > 0 {
		l.WorkingSetBytes = max(o.WorkingSetBytes, 1<<20)
		l.WorkingSetGBps = readBandwidth(read, threads, l.WorkingSetBytes, 10)
	}
	_, l.Kernels = tensor.Kernels()
	l.DotGFLOPs = dotRate(threads)
	if loop, flops, name := fmaPeak(); loop != nil {
		l.FMAGFLOPs, l.FMAMethod = loopRate(loop, flops, threads), name
	}
	if loop, ops, name := int8Peak(); loop != nil {
		l.Int8GOPs, l.Int8Method = loopRate(loop, ops, threads), name
	}
	return l
}

// l3Bytes reads the size of the largest cache level Linux reports; 0 when unknown.
func l3Bytes() int64 {
	dirs, _ := filepath.Glob("/sys/devices/system/cpu/cpu0/cache/index*")
	var best int64
	for _, d := range dirs {
		b, err := os.ReadFile(filepath.Join(d, "size"))
		if err != nil {
			continue
		}
		s := strings.TrimSpace(string(b))
		mult := int64(1)
		switch {
		case strings.HasSuffix(s, "K"):
			mult, s = 1<<10, strings.TrimSuffix(s, "K")
		case strings.HasSuffix(s, "M"):
			mult, s = 1<<20, strings.TrimSuffix(s, "M")
		}
		if v, err := strconv.ParseInt(s, 10, 64); err == nil {
			best = max(best, v*mult)
		}
	}
	return best
}

// parallel runs fn(t) on threads goroutines released together and returns the wall time until
// the last one ends.
func parallel(threads int, fn func(t int)) time.Duration {
	var ready, done sync.WaitGroup
	start := make(chan struct{})
	ready.Add(threads)
	done.Add(threads)
	for t := range threads {
		go func() {
			defer done.Done()
			ready.Done()
			<-start
			fn(t)
		}()
	}
	ready.Wait()
	t0 := time.Now()
	close(start)
	done.Wait()
	return time.Since(t0)
}

func readGo(b []uint64) uint64 {
	var a0, a1, a2, a3, a4, a5, a6, a7 uint64
	for len(b) >= 8 {
		a0 ^= b[0]
		a1 ^= b[1]
		a2 ^= b[2]
		a3 ^= b[3]
		a4 ^= b[4]
		a5 ^= b[5]
		a6 ^= b[6]
		a7 ^= b[7]
		b = b[8:]
	}
	return a0 ^ a1 ^ a2 ^ a3 ^ a4 ^ a5 ^ a6 ^ a7
}

// readBandwidth returns the best GB/s of passes reads of a bytes-sized buffer split into one
// contiguous part per thread.
func readBandwidth(read func([]uint64) uint64, threads int, bytes int64, passes int) float64 {
	per := int(bytes/8) / threads &^ 15 // whole 128-byte blocks per thread
	if per == 0 {
		return 0
	}
	buf := make([]uint64, per*threads)
	// Write every page first: untouched pages all map the one zero page, which reads from cache.
	parallel(threads, func(t int) {
		part := buf[t*per : (t+1)*per]
		for i := range part {
			part[i] = uint64(i) * 0x9E3779B97F4A7C15
		}
	})
	best := 0.0
	for range passes {
		d := parallel(threads, func(t int) { sink.Add(read(buf[t*per : (t+1)*per])) })
		best = max(best, float64(len(buf)*8)/d.Seconds()/1e9)
	}
	buf = nil
	debug.FreeOSMemory() // give the buffer back at once: the engine and other processes need it
	return best
}

// dotRate is the best of three ~150 ms runs of tensor.DotF32 on 1024-element vectors (8 KiB
// per thread, in L1), counting a multiply and an add per element.
func dotRate(threads int) float64 {
	const n = 1024
	best := 0.0
	for range 3 {
		var calls atomic.Int64
		deadline := time.Now().Add(150 * time.Millisecond)
		d := parallel(threads, func(t int) {
			a, b := make([]float32, n), make([]float32, n)
			for i := range a {
				a[i], b[i] = float32(i%7)*0.25, float32(i%5)*0.5
			}
			var acc float32
			c := 0
			for ; c%256 != 0 || time.Now().Before(deadline); c++ {
				acc += tensor.DotF32(a, b)
			}
			calls.Add(int64(c))
			sink.Add(uint64(acc))
		})
		best = max(best, float64(calls.Load())*2*n/d.Seconds()/1e9)
	}
	return best
}

// loopRate is the best of three ~150 ms runs of a register-only loop (FMA or int8) on every
// thread: G operations per second at opsPerIter per iteration.
func loopRate(loop func(int), opsPerIter float64, threads int) float64 {
	const probe = 100_000
	t0 := time.Now()
	loop(probe)
	iters := int(float64(probe) * (150 * time.Millisecond).Seconds() / max(time.Since(t0).Seconds(), 1e-6))
	iters = max(iters, probe)
	best := 0.0
	for range 3 {
		d := parallel(threads, func(int) { loop(iters) })
		best = max(best, float64(threads)*float64(iters)*opsPerIter/d.Seconds()/1e9)
	}
	return best
}
