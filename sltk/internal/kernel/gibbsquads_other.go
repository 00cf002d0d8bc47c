//go:build !amd64 || purego

package kernel

func gibbsQuads(p, dist, m, z []float64, nq, kp int, invT, cut float64) {
	GibbsQuadsGo(p, dist, m, z, nq, kp, invT, cut)
}
