package tensor

import (
	"fmt"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync/atomic"
)

// Matrix is a row-major weight matrix: Rows rows of Cols elements, each row encoded in
// Type (a GGUF tensor of shape [ne0=Cols, ne1=Rows]).
type Matrix struct {
	Type       DType
	Rows, Cols int
	Data       []byte

	// repacked is Data laid out for the kernels that want another layout (the amd64
	// AVX-512 VNNI and AMX Q8_0 kernels), made on first use; repackedR8 likewise for the
	// AVX2 Q8_0 kernels, repackedR8B for the AVX-VNNI ones (biased by +128).
	repacked, repackedR8, repackedR8B atomic.Pointer[[]byte]
}

// RowBytes is the encoded size of one row.
func (m *Matrix) RowBytes() int { return m.Cols / m.Type.BlockElems() * m.Type.BlockBytes() }

// Check reports whether the matrix is well formed: a known type that MatMul supports,
// whole blocks per row and enough data.
func (m *Matrix) Check() error {
	if !m.Type.Known() {
		return fmt.Errorf("tensor: matrix of unknown type %d", uint32(m.Type))
	}
	if m.Rows < 0 || m.Cols < 0 {
		return fmt.Errorf("tensor: matrix shape %dx%d", m.Rows, m.Cols)
	}
	if m.Cols%m.Type.BlockElems() != 0 {
		return fmt.Errorf("tensor: %s matrix with %d columns, not a multiple of %d", m.Type, m.Cols, m.Type.BlockElems())
	}
	if need := m.Rows * m.RowBytes(); len(m.Data) < need {
		return fmt.Errorf("tensor: %s matrix %dx%d needs %d bytes, has %d", m.Type, m.Rows, m.Cols, need, len(m.Data))
	}
	return nil
}

// matmulJob is the MatMul call in progress, read by the pool's tasks.
type matmulJob struct {
	w        *Matrix
	x        []float32
	n        int
	out      []float32
	rowBytes int
	chunk    int // weight rows per task
	act      *actBuf
	kern     *kernels
}

// actBuf holds the activations converted to what the weight type's dot product takes.
type actBuf struct {
	q  []int8    // Q8_0 / Q8_K values, n*Cols
	d  []float32 // per block scale
	s  []int32   // Q8_0: per block sum of q
	xs []int32   // Q8_0 for the avxvnni kernels: -128·s
	bs []int16   // Q8_K: per 16-value sums
	f  []float32 // activations rounded to F16 or BF16

	px    []byte // Q8_0 / Q8_K rows packed by sixteens or eights (packQ8x, packQ8r, packQ8Kr), a 64-byte aligned view of pxBuf
	pxBuf []byte
}

func grow[T any](s []T, n int) []T {
	if cap(s) < n {
		return make([]T, n, n+n/4)
	}
	return s[:n]
}

// MatMul computes out[i*Rows+j] = dot(W[j,:], x[i*Cols:(i+1)*Cols]) for the n input
// rows, with llama.cpp's CPU semantics: activations are first converted to the weight's
// dot-product type (Q8_0 for Q8_0/Q4_0, Q8_K for Q4_K/Q6_K, F16/BF16 rounding for
// F16/BF16 weights), then reduced as the pure-Go kernels define.
//
// Every output element is bit-identical whatever n, the other input rows, the thread
// count or the kernel variant: work is split only across weight rows, and each element
// is reduced in one fixed order. It panics if the shapes do not fit.
func (p *Pool) MatMul(w *Matrix, x []float32, n int, out []float32) {
	p.MatMuls(x, n, MatOut{w, out})
}

// MatOut is one matrix of a MatMuls call and the n×W.Rows floats its products go to.
type MatOut struct {
	W   *Matrix
	Out []float32
}

// maxMatMuls is the most matrices one MatMuls call runs as one job (a layer's Q, K, V).
const maxMatMuls = 3

// MatMuls is MatMul for each of ms on the same n input rows of x. Matrices of one type
// and width (up to maxMatMuls) share one conversion of the activations and run as one job,
// so the workers meet once instead of once per matrix; others run one after the other.
// Every output is the bits MatMul gives.
func (p *Pool) MatMuls(x []float32, n int, ms ...MatOut) { p.matMuls(nil, 0, x, n, ms) }

// matMuls is MatMuls with sides side tasks in the job (MatMulsBeside).
func (p *Pool) matMuls(side func(int), sides int, x []float32, n int, ms []MatOut) {
	for _, m := range ms {
		if err := m.W.Check(); err != nil {
			panic(err)
		}
		if n < 0 || len(x) < n*m.W.Cols || len(m.Out) < n*m.W.Rows {
			panic(fmt.Sprintf("tensor: MatMul %dx%d with n=%d: len(x)=%d, len(out)=%d", m.W.Rows, m.W.Cols, n, len(x), len(m.Out)))
		}
	}
	if len(ms) == 0 || n == 0 {
		p.Run(sides, side)
		return
	}
	if !shareInput(ms) {
		// One at a time, each a slice of ms (a new one-element slice would escape through
		// the recursion, an allocation a layer whose Q, K and V types differ: Q4_K_M); the
		// side tasks go with the first.
		for i := range ms {
			p.matMuls(side, sides, x, n, ms[i:i+1])
			side, sides = nil, 0
		}
		return
	}
	if ms[0].W.Cols == 0 {
		for _, m := range ms {
			clear(m.Out[:n*m.W.Rows])
		}
		p.Run(sides, side)
		return
	}
	p.mu.Lock()
	defer p.mu.Unlock()
	kern, tasks := activeKernels.Load(), 0
	for i, m := range ms {
		w := m.W
		// Chunks of whole 4-row groups, about 8 per thread for balance, but at least 16
		// rows so each task amortises its start-up. A matrix-vector product (up to 3
		// inputs) streams its weights: 4 per thread, as each task's first rows wait on
		// memory before its prefetches run ahead (MatMulDecode about 7% faster).
		per := 8
		if n < q8x16MinN || kern.q8r16 && w.Type == Q8_0 && n <= q8r16MaxN {
			per = 4
		}
		chunk := (w.Rows + per*p.threads - 1) / (per * p.threads)
		chunk = max(16, (chunk+3)&^3)
		if kern.readsR16(w.Type) {
			chunk = (chunk + 15) &^ 15 // whole repacked groups
			w.r16()                    // before the workers read it
		} else if from := kern.r8From[w.Type]; from > 0 && n >= from {
			chunk = (chunk + 7) &^ 7
			w.r8()
		}
		p.mm[i] = matmulJob{w: w, x: x[:n*w.Cols], n: n, out: m.Out[:n*w.Rows], rowBytes: w.RowBytes(), chunk: chunk, act: &p.act, kern: kern}
		tasks += (w.Rows + chunk - 1) / chunk
		p.mmTasks[i] = tasks
	}
	if tasks > 0 {
		p.prepareActivations()
	}
	p.side, p.sides, p.products = side, sides, tasks
	p.run(tasks+sides, p.matmulTaskFn)
	p.mm, p.side, p.sides, p.products = [maxMatMuls]matmulJob{}, nil, 0, 0
}

// shareInput reports whether ms can run as one job: few enough, all of one type and width.
func shareInput(ms []MatOut) bool {
	if len(ms) > maxMatMuls {
		return false
	}
	for _, m := range ms[1:] {
		if m.W.Type != ms[0].W.Type || m.W.Cols != ms[0].W.Cols {
			return false
		}
	}
	return true
}

// prepareActivations converts the activations of the jobs in p.mm, which share them.
func (p *Pool) prepareActivations() {
	j := &p.mm[0]
	a := j.act
	cols, n := j.w.Cols, j.n
	switch j.w.Type {
	case Q8_0, Q4_0:
		// The AMX kernel reads a last partial slice of 16 inputs whole.
		a.q = grow(a.q, (n+15)&^15*cols)[:n*cols]
		a.d = grow(a.d, n*cols/qk0)
		a.s = grow(a.s, n*cols/qk0)
	case Q4_K, Q6_K:
		// The AMX path reads a last partial slice of 16 inputs whole.
		a.q = grow(a.q, (n+15)&^15*cols)[:n*cols]
		a.d = grow(a.d, n*cols/qkK)
		a.bs = grow(a.bs, n*cols/16)
	case F16, BF16:
		a.f = grow(a.f, n*cols)
	case F32:
		return
	}
	if n >= 4 && p.threads > 1 {
		p.run(n, p.quantTaskFn)
	} else {
		for i := range n {
			p.quantTask(i)
		}
	}
	if j.w.Type == Q8_0 && j.kern.q8r8Sums {
		a.xs = grow(a.xs, len(a.s))
		for i, v := range a.s {
			a.xs[i] = -128 * v
		}
	}
	if j.w.Type == Q8_0 && j.kern.q8r16 {
		if n > q8r16MaxN && j.kern.q8r16AMX {
			packQ8r16(a, n, cols)
		} else {
			packQ8r(a, n, cols)
		}
	} else if n >= q8x16MinN && j.w.Type == Q4_0 && j.kern.packQ8x16 {
		packQ8x(a, n, cols)
	}
	if j.kern.takesKr16(j.w.Type) && j.kern.kAMXFrom > 0 && n >= j.kern.kAMXFrom {
		packQ8Kx16(a, n, cols)
	} else if j.kern.takesKr16(j.w.Type) {
		packQ8Kr(a, n, cols)
	}
}

// quantTask converts input row i.
func (p *Pool) quantTask(i int) {
	j := &p.mm[0]
	a := j.act
	cols := j.w.Cols
	x := j.x[i*cols : (i+1)*cols]
	switch j.w.Type {
	case Q8_0, Q4_0:
		nb := cols / qk0
		j.kern.quantQ8_0(x, a.q[i*cols:(i+1)*cols], a.d[i*nb:(i+1)*nb], a.s[i*nb:(i+1)*nb])
	case Q4_K, Q6_K:
		nb := cols / qkK
		j.kern.quantQ8_K(x, a.q[i*cols:(i+1)*cols], a.d[i*nb:(i+1)*nb], a.bs[i*nb*16:(i+1)*nb*16])
	case F16:
		j.kern.roundF16s(a.f[i*cols:(i+1)*cols], x)
	case BF16:
		j.kern.roundBF16s(a.f[i*cols:(i+1)*cols], x)
	}
}

func (p *Pool) matmulTask(t int) {
	if p.sides > 0 {
		i, side := interleave(t, p.products, p.sides)
		if side {
			p.side(i)
			return
		}
		t = i
	}
	p.matmulTaskWith(p.mm[0].kern, t)
}

// matmulTaskWith runs task t of the jobs in p.mm: its job's t-th chunk of rows.
func (p *Pool) matmulTaskWith(k *kernels, t int) {
	i := 0
	for t >= p.mmTasks[i] {
		i++
	}
	if i > 0 {
		t -= p.mmTasks[i-1]
	}
	j := &p.mm[i]
	r0 := t * j.chunk
	r1 := min(j.w.Rows, r0+j.chunk)
	k.tiles[j.w.Type](j, r0, r1)
}

// kernels is one implementation of the MatMul tiles and the vector kernels.
type kernels struct {
	name      string
	tiles     [BF16 + 1]tileFunc // by weight type; every type MatMul accepts has one
	dotF32    func(a, b []float32) float32
	axpy      func(dst []float32, a float32, x []float32)
	f16s      func(dst []float32, src []uint16)
	expsSub   func(x []float32, m float32)
	swiglu    func(dst, gate, up []float32)
	scale     func(x []float32, a float32)
	packQ8x16 bool // the Q4_0 tile reads actBuf.px (packQ8x)
	q8r16     bool // Q8_0 takes the kernels on repacked weights (packQ8r), and with q8r16AMX
	q8r16AMX  bool // batches over q8r16MaxN the AMX one (packQ8r16)
	q8r8Sums  bool // the Q8_0 tile reads actBuf.xs
	kr16      bool // Q4_K and Q6_K take the kernels on repacked weights (activations packQ8Kr)
	// kAMXFrom is the smallest Q4_K or Q6_K batch on the AMX path (activations packQ8Kx16);
	// 0: none.
	kAMXFrom int
	// r8From is, by weight type, the smallest batch whose tile reads Matrix.r8 (the AVX2
	// kernels on rows repacked by eight); 0: none does.
	r8From [BF16 + 1]int

	quantQ8_0 func(x []float32, q []int8, d []float32, s []int32)  // quantActQ8_0 or its bit-exact twin
	quantQ8_K func(x []float32, q []int8, d []float32, bs []int16) // quantActQ8_K or its bit-exact twin
	// dst[i] = RoundF16(src[i]) / RoundBF16(src[i]): F16 and BF16 activations.
	roundF16s, roundBF16s func(dst, src []float32)
	// attnScores and attnValues are AttnScoresF16 and AttnValuesF16 past their shape checks;
	// nil: the keys or values widened a chunk at a time by f16s, then the F32 kernel.
	attnScores func(s []float32, sStride int, q []float32, qStride, nq int, k []uint16, kStride, n, hd int, scale float32)
	attnValues func(out []float32, oStride int, p []float32, pStride, nq int, v []uint16, vStride, n, hd int)
	// attnValuesQ8 is AttnValuesQ8_0 past its shape checks; nil: a chunk of rows at a time
	// dequantised, then attnValuesF32.
	attnValuesQ8 func(out []float32, oStride int, p []float32, pStride, nq int, v []byte, vStride, n, hd int)
	dequantQ8_0  func(dst []float32, src []byte) // DequantizeQ8_0Row past its checks; nil: dequantQ8_0Go
	// attnScoresF32 and attnValuesF32 are AttnScoresF32 and AttnValuesF32 past their shape
	// checks.
	attnScoresF32 func(s []float32, sStride int, q []float32, qStride, nq int, k []float32, kStride, n, hd int, scale float32)
	attnValuesF32 func(out []float32, oStride int, p []float32, pStride, nq int, v []float32, vStride, n, hd int)
	maxF32        func(x []float32) float32 // Softmax's max and sum
	sumF64        func(x []float32) float64
	expsSubSums   func(st []OnlineSoftmax, s []float32, stride, n int) // expsSubSumsGo in one call; nil: the Go loop on expsSub and sumF64
	// argmaxMax and argmaxFirst are Argmax's two passes over the leading multiple of 16 values
	// (the largest allowed value; the first allowed index holding v, or -1); nil: Argmax scans.
	argmaxMax   func(x []float32, allowed []uint64) float32
	argmaxFirst func(x []float32, allowed []uint64, v float32) int
	// drawWeights is DrawWeights over a leading multiple of 8 logits; it returns how many it did.
	// nil: none.
	drawWeights func(dst, x []float32, m, invT float64, allowed []uint64) int
	f32sToF16   func(dst []uint16, src []float32)
	// dotsF32 and lowRankUp are LowRankDelta's two products past its shape checks (dotsF32Go,
	// lowRankUpGo), dotsF16 and lowRankUpF16 LowRankDeltaF16's.
	dotsF32      func(out, w, x []float32, rows, n int)
	lowRankUp    func(d, bT, ax []float32, rank, n int)
	dotsF16      func(out []float32, w []uint16, x []float32, rows, n int)
	lowRankUpF16 func(d []float32, bT []uint16, ax []float32, rank, n int)
}

// takesKr16 reports whether dt weights take the kernels on K-quant rows repacked by sixteen.
func (k *kernels) takesKr16(dt DType) bool { return k.kr16 && (dt == Q4_K || dt == Q6_K) }

// readsR16 reports whether dt weights are read in their Matrix.r16 layout, by every batch.
func (k *kernels) readsR16(dt DType) bool { return k.q8r16 && dt == Q8_0 || k.takesKr16(dt) }

// tileFunc computes weight rows [r0, r1) against all the job's input rows.
type tileFunc func(j *matmulJob, r0, r1 int)

var goKernels = &kernels{
	name: "go",
	tiles: [...]tileFunc{
		Q8_0: func(j *matmulJob, r0, r1 int) { tileQ8Go(j, r0, r1, dotQ8_0Go) },
		Q4_0: func(j *matmulJob, r0, r1 int) { tileQ8Go(j, r0, r1, dotQ4_0Go) },
		Q4_K: func(j *matmulJob, r0, r1 int) { tileKGo(j, r0, r1, Q4_K) },
		Q6_K: func(j *matmulJob, r0, r1 int) { tileKGo(j, r0, r1, Q6_K) },
		F16:  func(j *matmulJob, r0, r1 int) { tileFloatGo(j, r0, r1, j.act.f, dotF16Go) },
		BF16: func(j *matmulJob, r0, r1 int) { tileFloatGo(j, r0, r1, j.act.f, dotBF16Go) },
		F32:  func(j *matmulJob, r0, r1 int) { tileFloatGo(j, r0, r1, j.x, dotF32Go) },
	},
	dotF32:  dotF32sGo,
	axpy:    axpyGo,
	f16s:    f16sToF32Go,
	expsSub: expsSubGo,
	swiglu:  swigluGo,
	scale:   scaleGo,

	quantQ8_0:  quantActQ8_0,
	quantQ8_K:  quantActQ8_K,
	roundF16s:  roundF16sGo,
	roundBF16s: roundBF16sGo,
	attnValues: attnValuesF16Go,

	attnValuesQ8:  attnValuesQ8_0Go,
	attnScoresF32: attnScoresF32Go,
	attnValuesF32: attnValuesF32Go,
	maxF32:        maxF32Go,
	sumF64:        sumF64Go,
	f32sToF16:     f32sToF16Go,
	dotsF32:       dotsF32Go,
	lowRankUp:     lowRankUpGo,
	dotsF16:       dotsF16Go,
	lowRankUpF16:  lowRankUpF16Go,
}

func tileQ8Go(j *matmulJob, r0, r1 int, dot func([]byte, []int8, []float32) float32) {
	cols, nb := j.w.Cols, j.w.Cols/qk0
	a := j.act
	for r := r0; r < r1; r++ {
		row := j.w.Data[r*j.rowBytes : (r+1)*j.rowBytes]
		for i := range j.n {
			j.out[i*j.w.Rows+r] = dot(row, a.q[i*cols:(i+1)*cols], a.d[i*nb:(i+1)*nb])
		}
	}
}

func tileKGo(j *matmulJob, r0, r1 int, dt DType) {
	cols, nb := j.w.Cols, j.w.Cols/qkK
	a := j.act
	for r := r0; r < r1; r++ {
		row := j.w.Data[r*j.rowBytes : (r+1)*j.rowBytes]
		for i := range j.n {
			q, d := a.q[i*cols:(i+1)*cols], a.d[i*nb:(i+1)*nb]
			if dt == Q4_K {
				j.out[i*j.w.Rows+r] = dotQ4_KGo(row, q, d, a.bs[i*nb*16:(i+1)*nb*16])
			} else {
				j.out[i*j.w.Rows+r] = dotQ6_KGo(row, q, d)
			}
		}
	}
}

func tileFloatGo(j *matmulJob, r0, r1 int, x []float32, dot func([]byte, []float32) float32) {
	cols := j.w.Cols
	for r := r0; r < r1; r++ {
		row := j.w.Data[r*j.rowBytes : (r+1)*j.rowBytes]
		for i := range j.n {
			j.out[i*j.w.Rows+r] = dot(row, x[i*cols:(i+1)*cols])
		}
	}
}

// activeKernels is the implementation MatMul uses; see SetKernels.
var activeKernels atomic.Pointer[kernels]

func init() {
	activeKernels.Store(bestKernels())
	envKernels, envKernelsErr = selectEnvKernels(os.LookupEnv(KernelsEnv))
}

// KernelsEnv is the environment variable that selects the kernel set at start-up, by the names
// Kernels lists: KVWARDEN_KERNELS=avx2 measures the AVX2 kernels on an AVX-512 machine.
const KernelsEnv = "KVWARDEN_KERNELS"

// kernelSetNames is every kernel set of every architecture, so that a set this CPU cannot run is
// told apart from a name that does not exist.
var kernelSetNames = []string{"go", "avx2", "avxvnni", "avx512", "vnni", "amx", "neon", "dotprod", "i8mm"}

// The outcome of KVWARDEN_KERNELS, read once at start-up (see KernelsOverride).
var (
	envKernels    string
	envKernelsErr error
)

// selectEnvKernels activates the set the environment names, if it names one.
func selectEnvKernels(name string, set bool) (string, error) {
	if !set || name == "" {
		return "", nil
	}
	if err := SetKernels(name); err != nil {
		return "", fmt.Errorf("%s=%s: %w", KernelsEnv, name, err)
	}
	return name, nil
}

// KernelsOverride reports the kernel set KVWARDEN_KERNELS selected ("" where it is unset), or
// why it selected none: the name does not exist or this CPU cannot run that set. Then the best
// set stays active, and a program must refuse to start rather than measure or serve with kernels
// it was not asked for (kvwarden does).
func KernelsOverride() (string, error) { return envKernels, envKernelsErr }

// availableKernels lists every implementation this CPU can run, best last; "go" is
// always first.
var availableKernels = append([]*kernels{goKernels}, archKernels()...)

func bestKernels() *kernels {
	ks := append([]*kernels{goKernels}, archKernels()...)
	return ks[len(ks)-1]
}

// Kernels lists the kernel implementations this CPU can run ("go" is the portable
// reference, always present), and the one in use.
func Kernels() (available []string, active string) {
	for _, k := range availableKernels {
		available = append(available, k.name)
	}
	return available, activeKernels.Load().name
}

// SetKernels selects the kernel implementation by name (see Kernels). All of them give
// bit-identical results, so this only changes speed; it exists for tests, benchmarks
// and to rule out a faulty variant. A MatMul already running keeps the kernels it
// started with.
func SetKernels(name string) error {
	for _, k := range availableKernels {
		if k.name == name {
			activeKernels.Store(k)
			return nil
		}
	}
	available, _ := Kernels()
	if !slices.Contains(kernelSetNames, name) {
		return fmt.Errorf("no kernel set named %q (the sets: %s)", name, strings.Join(kernelSetNames, ", "))
	}
	return fmt.Errorf("this CPU (%s) cannot run the %s kernels; it can run %s", runtime.GOARCH, name, strings.Join(available, ", "))
}
