package tensor

import "encoding/binary"

// The Q8_0 layout of the amd64 AVX2 kernels (q8r8_amd64.go), kept with Matrix, which
// caches it.

// q8r8Block is a repacked block of 8 rows: the same bytes as their 8 Q8_0 blocks.
const q8r8Block = 8 * q8_0Bytes

// repackQ8r8 lays the whole groups of 8 rows of a Q8_0 matrix out for the r8 kernels:
// per group and block one contiguous record of the 8 rows' f16 scales, then for k =
// 0..7 the 8 rows' quants 4k..4k+3 (row r's at 16+32k+4r), so that one YMM load holds
// four quants of every row. A group's blocks follow each other, so a task reads its rows
// as one sequential stream.
func repackQ8r8(m *Matrix, out []byte) {
	nb, rb := m.Cols/qk0, m.RowBytes()
	for g := range m.Rows / 8 {
		for b := range nb {
			rec := out[(g*nb+b)*q8r8Block : (g*nb+b+1)*q8r8Block]
			for r := range 8 {
				blk := m.Data[(8*g+r)*rb+b*q8_0Bytes:]
				copy(rec[2*r:2*r+2], blk[:2])
				for k := range qk0 / 4 {
					binary.LittleEndian.PutUint32(rec[16+32*k+4*r:], binary.LittleEndian.Uint32(blk[2+4*k:]))
				}
			}
		}
	}
}

// repackQ8r8Biased is repackQ8r8 with each quant byte +128 (^0x80), VPDPBUSD's unsigned
// operand, for the AVX-VNNI kernels.
func repackQ8r8Biased(m *Matrix, out []byte) {
	repackQ8r8(m, out)
	nb := m.Cols / qk0
	for rec := 0; rec < m.Rows/8*nb*q8r8Block; rec += q8r8Block {
		for i := rec + 16; i < rec+q8r8Block; i++ {
			out[i] ^= 0x80
		}
	}
}

// r8B is m's layout for the AVX-VNNI Q8_0 kernels (repackQ8r8Biased).
func (m *Matrix) r8B() []byte {
	return m.repackedLayout(&m.repackedR8B, m.Rows/8*m.Cols/qk0*q8r8Block, repackQ8r8Biased)
}

// r8 is m's layout for the AVX2 kernels on rows repacked by eight: repackQ8r8's for
// Q8_0, repackQ4Kr8's for Q4_K, repackQ6Kr8's for Q6_K (see repackedLayout).
func (m *Matrix) r8() []byte {
	switch m.Type {
	case Q4_K:
		return m.repackedLayout(&m.repackedR8, m.Rows/8*m.Cols/qkK*q4Kr8Block, repackQ4Kr8)
	case Q6_K:
		return m.repackedLayout(&m.repackedR8, m.Rows/8*m.Cols/qkK*q6Kr8Block, repackQ6Kr8)
	}
	return m.repackedLayout(&m.repackedR8, m.Rows/8*m.Cols/qk0*q8r8Block, repackQ8r8)
}
