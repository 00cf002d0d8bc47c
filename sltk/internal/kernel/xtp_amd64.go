//go:build amd64 && !purego

package kernel

// xtpAddAVX2 is XtPAddGo in assembly (xtp_amd64.s); the caller checked the lengths.
//
//go:noescape
func xtpAddAVX2(sums, a *float64, lda, m int, p *float64, rows, kp int)

func xtpAdd(sums, a []float64, lda, m int, p []float64, rows, kp int) {
	if useAsm {
		xtpAddAVX2(&sums[0], &a[0], lda, m, &p[0], rows, kp)
		return
	}
	XtPAddGo(sums, a, lda, m, p, rows, kp)
}
