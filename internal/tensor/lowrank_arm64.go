//go:build arm64 && !purego

package tensor

// dotsF32NEON is dotsF32Go on the NEON dot product.
func dotsF32NEON(out, w, x []float32, rows, n int) {
	cols := len(w) / rows
	for i := range n {
		xi := x[i*cols : (i+1)*cols]
		for k := range rows {
			out[i*rows+k] = dotF32sNEON(w[k*cols:(k+1)*cols], xi)
		}
	}
}

// lowRankUpNEON is lowRankUpGo a chunk of 256 columns at a time, the chunk's sums built by the
// NEON axpy over the rows of bT in order k = 0..rank-1 (each element's sum in lowRankUpGo's
// order), then scaled into out by the axpy.
func lowRankUpNEON(out, bT, ax []float32, rank, n int, scale float32) {
	width := len(bT) / rank
	var buf [256]float32
	for i := range n {
		o, a := out[i*width:(i+1)*width], ax[i*rank:(i+1)*rank]
		for c0 := 0; c0 < width; c0 += len(buf) {
			d := buf[:min(len(buf), width-c0)]
			clear(d)
			for k, ak := range a {
				axpyVecNEON(d, ak, bT[k*width+c0:])
			}
			axpyVecNEON(o[c0:c0+len(d)], scale, d)
		}
	}
}

// lowRankUpF16NEON is lowRankUpNEON on half weights, the chunk's sums built by the NEON half
// axpy (axpyF16NEON: dst += float32(a·widened v), lowRankUpF16Go's products and sums).
func lowRankUpF16NEON(out []float32, bT []uint16, ax []float32, rank, n int, scale float32) {
	tab := f16Table()
	width := len(bT) / rank
	var buf [256]float32
	for i := range n {
		o, a := out[i*width:(i+1)*width], ax[i*rank:(i+1)*rank]
		for c0 := 0; c0 < width; c0 += len(buf) {
			d := buf[:min(len(buf), width-c0)]
			clear(d)
			n8 := len(d) &^ 7
			for k, ak := range a {
				b := bT[k*width+c0 : k*width+c0+len(d)]
				if n8 > 0 {
					axpyF16NEON(&d[0], &b[0], ak, n8/8)
				}
				for t := n8; t < len(d); t++ {
					d[t] += float32(ak * tab[b[t]])
				}
			}
			axpyVecNEON(o[c0:c0+len(d)], scale, d)
		}
	}
}
