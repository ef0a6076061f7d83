package tensor

import (
	"encoding/binary"
	"runtime"
	"sync/atomic"
	"unsafe"
)

// The Q8_0 layout of the amd64 AVX-512 VNNI and AMX kernels (q8r16_amd64.go), kept with
// Matrix, which caches it.

// q8r16MaxN is the largest batch the repacked VNNI kernels take in one pass.
const q8r16MaxN = 8

// q8r16PerInput is a packQ8r record's bytes per input: 32 quants, dx, -128·Σx.
const q8r16PerInput = qk0 + 8

// q8r16Block is a repacked block of 16 rows: the same bytes as their 16 Q8_0 blocks.
const q8r16Block = 16 * q8_0Bytes

// Prepare lays m out for the active kernels now rather than in its first product (the
// amd64 AVX2 and VNNI kernels read Q8_0 weights repacked, the AVX2 K-quant kernels Q4_K
// and Q6_K ones): a model loader calls it so that the first request does not pay for it.
func (m *Matrix) Prepare() {
	k := activeKernels.Load()
	if m.Check() != nil {
		return
	}
	switch {
	case k.readsR16(m.Type):
		m.r16()
	case k.q8r8Sums && m.Type == Q8_0:
		m.r8B()
	case k.r8From[m.Type] > 0:
		m.r8()
	}
}

// repackQ8r16 lays the whole groups of 16 rows of a Q8_0 matrix out for the r16
// kernels: per group and block one contiguous record of the 16 rows' f16 scales, then
// for k = 0..7 the 16 rows' quants 4k..4k+3 (row r's at 64k+32+4r), each byte +128
// (^0x80: VPDPBUSD's unsigned operand). A group's blocks follow each other, so a task
// reads its rows as one sequential stream.
func repackQ8r16(m *Matrix, out []byte) {
	nb, rb := m.Cols/qk0, m.RowBytes()
	groups := m.Rows / 16
	for g := range groups {
		for b := range nb {
			rec := out[(g*nb+b)*q8r16Block : (g*nb+b+1)*q8r16Block]
			for r := range 16 {
				blk := m.Data[(16*g+r)*rb+b*q8_0Bytes:]
				copy(rec[2*r:2*r+2], blk[:2])
				for k := range qk0 / 4 {
					v := binary.LittleEndian.Uint32(blk[2+4*k:]) ^ 0x80808080
					binary.LittleEndian.PutUint32(rec[32+64*k+4*r:], v)
				}
			}
		}
	}
}

// r16 is m's layout for the VNNI kernels on rows repacked by sixteen: repackQ8r16's for
// Q8_0, repackQ4Kr16's for Q4_K, repackQ6Kr16's for Q6_K (see repackedLayout).
func (m *Matrix) r16() []byte {
	switch m.Type {
	case Q4_K:
		return m.repackedLayout(&m.repacked, m.Rows/16*m.Cols/qkK*q4Kr16Block, repackQ4Kr16)
	case Q6_K:
		return m.repackedLayout(&m.repacked, m.Rows/16*m.Cols/qkK*q6Kr16Block, repackQ6Kr16)
	}
	return m.repackedLayout(&m.repacked, m.Rows/16*m.Cols/qk0*q8r16Block, repackQ8r16)
}

// repackedLayout is the layout repack lays m out in (size bytes), made on first use and
// kept in *cache (weights do not change) outside the Go heap until m is collected.
func (m *Matrix) repackedLayout(cache *atomic.Pointer[[]byte], size int, repack func(*Matrix, []byte)) []byte {
	if p := cache.Load(); p != nil {
		return *p
	}
	b, free := allocWeights(size)
	repack(m, b)
	if cache.CompareAndSwap(nil, &b) {
		runtime.AddCleanup(m, func(free func()) { free() }, free)
	} else {
		free()
	}
	return *cache.Load()
}

// packQ8r lays out n quantised inputs for the r16 VNNI kernels, by slices of up to
// q8r16MaxN: slice s at s·nb·q8r16MaxN·q8r16PerInput, and in it per block one record of
// its inputs' 32 quants, then their scales dx, then their -128·Σx.
func packQ8r(a *actBuf, n, cols int) {
	nb := cols / qk0
	px := a.packed(nb * n * q8r16PerInput)
	for s0 := 0; s0 < n; s0 += q8r16MaxN {
		ns := min(q8r16MaxN, n-s0)
		rec := ns * q8r16PerInput
		base := s0 * nb * q8r16PerInput
		for b := range nb {
			r := px[base+b*rec : base+(b+1)*rec]
			for i := range ns {
				in := s0 + i
				copy(r[qk0*i:qk0*(i+1)], unsafe.Slice((*byte)(unsafe.Pointer(&a.q[in*cols+b*qk0])), qk0))
				binary.LittleEndian.PutUint32(r[qk0*ns+4*i:], *(*uint32)(unsafe.Pointer(&a.d[in*nb+b])))
				binary.LittleEndian.PutUint32(r[(qk0+4)*ns+4*i:], uint32(-128*a.s[in*nb+b]))
			}
		}
	}
}

// packQ8r16 lays out the scales of n quantised inputs for q8_0r16x16AMX, by slices of 16:
// per slice and block the 16 dx, then the 16 -128·Σx (zeros past the last input).
func packQ8r16(a *actBuf, n, cols int) {
	nb := cols / qk0
	slices := (n + 15) / 16
	px := a.packed(slices * nb * 128)
	for s := range slices {
		for b := range nb {
			rec := px[(s*nb+b)*128 : (s*nb+b+1)*128]
			for i := range 16 {
				in := 16*s + i
				var d float32
				var xs int32
				if in < n {
					d, xs = a.d[in*nb+b], -128*a.s[in*nb+b]
				}
				*(*float32)(unsafe.Pointer(&rec[4*i])) = d
				*(*int32)(unsafe.Pointer(&rec[64+4*i])) = xs
			}
		}
	}
}
