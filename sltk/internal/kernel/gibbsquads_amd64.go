//go:build amd64 && !purego

package kernel

// gibbsQuadsAVX2 is GibbsQuadsGo in assembly (gibbsquads_amd64.s); the caller checked the
// lengths.
//
//go:noescape
func gibbsQuadsAVX2(p, dist, m, z *float64, nq, kp int, invT, cut float64)

func gibbsQuads(p, dist, m, z []float64, nq, kp int, invT, cut float64) {
	if useAsm {
		gibbsQuadsAVX2(&p[0], &dist[0], &m[0], &z[0], nq, kp, invT, cut)
		return
	}
	GibbsQuadsGo(p, dist, m, z, nq, kp, invT, cut)
}
