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

// lowRankUpNEON is lowRankUpGo a panel at a time (PanelLowRankB), its sums built in d by the
// NEON axpy over the panel's rows in order k = 0..rank-1 from 0 (each element's sum in
// lowRankUpGo's order).
func lowRankUpNEON(d, bP, ax []float32, rank, n int) {
	width := len(bP) / rank
	for i := range n {
		o, a := d[i*width:(i+1)*width], ax[i*rank:(i+1)*rank]
		for c0 := 0; c0 < width; c0 += LowRankPanel {
			pw := min(LowRankPanel, width-c0)
			dc, panel := o[c0:c0+pw], bP[c0*rank:(c0+pw)*rank]
			clear(dc)
			for k, ak := range a {
				axpyVecNEON(dc, ak, panel[k*pw:])
			}
		}
	}
}

// lowRankUpF16NEON is lowRankUpNEON on half weights, the sums built by the NEON half axpy
// (axpyF16NEON: dst += float32(a·widened v), lowRankUpF16Go's products and sums).
func lowRankUpF16NEON(d []float32, bP []uint16, ax []float32, rank, n int) {
	tab := f16Table()
	width := len(bP) / rank
	for i := range n {
		o, a := d[i*width:(i+1)*width], ax[i*rank:(i+1)*rank]
		for c0 := 0; c0 < width; c0 += LowRankPanel {
			pw := min(LowRankPanel, width-c0)
			dc, panel := o[c0:c0+pw], bP[c0*rank:(c0+pw)*rank]
			clear(dc)
			n8 := pw &^ 7
			for k, ak := range a {
				b := panel[k*pw : (k+1)*pw]
				if n8 > 0 {
					axpyF16NEON(&dc[0], &b[0], ak, n8/8)
				}
				for t := n8; t < pw; t++ {
					dc[t] += float32(ak * tab[b[t]])
				}
			}
		}
	}
}
