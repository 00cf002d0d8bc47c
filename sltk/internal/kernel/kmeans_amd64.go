//go:build amd64 && !purego

package kernel

//go:noescape
func kmDistQuadsAVX2(x *float64, nq, d int, ct *float64, kp int, out, best *float64, idx *int)

//go:noescape
func kmNearestQuadsAVX2(x *float64, nq, d int, ct *float64, kp int, tab, best *float64, idx *int)

//go:noescape
func kmAddRowsAVX2(sums, x *float64, idx *int, m, d int)

func kmDistQuads(x []float64, nq, d int, ct []float64, kp int, out, best []float64, idx []int) {
	if useAsm {
		kmDistQuadsAVX2(&x[0], nq, d, &ct[0], kp, &out[0], &best[0], &idx[0])
		return
	}
	KMDistQuadsGo(x, nq, d, ct, kp, out, best, idx)
}

func kmAddRows(sums, x []float64, idx []int, d int) {
	if useAsm {
		kmAddRowsAVX2(&sums[0], &x[0], &idx[0], len(idx), d)
		return
	}
	KMAddRowsGo(sums, x, idx, d)
}

func kmNearestQuads(x []float64, nq, d int, ct []float64, kp int, best []float64, idx []int) {
	if useAsm {
		kmNearestQuadsAVX2(&x[0], nq, d, &ct[0], kp, &kmLaneTab[0], &best[0], &idx[0])
		return
	}
	KMNearestQuadsGo(x, nq, d, ct, kp, best, idx)
}
