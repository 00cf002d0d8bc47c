package kernel

import "math"

// GibbsQuads turns the squared distances of rows to K centroids into their Gibbs posteriors
// (soft assignments) at temperature T = 1/invT, four rows at a time: the E-step of
// deterministic annealing over a block of rows, fused so that the posteriors are written once,
// straight into the buffer the centroid sums read. For every row r < 4·nq of dist (row-major,
// kp values per row, kp a positive multiple of 4, as KMDistQuads writes them) it sets
//
//	p[r·kp + j] = e_rj / z[r],  e_rj = exp(−a_rj) if a_rj = (dist[r·kp + j] − m[r])·invT < cut, else 0,
//
// with z[r] = Σ_j e_rj added in order of j. m[r] must be the smallest value of row r (the best
// of KMDistQuads), the distances ≥ 0 and finite or +Inf (the padding columns, whose
// posteriors are 0). These are the operations of gibbs.SoftmaxCosts on the row, in the same
// order, each rounded on its own, with Exp's bits for exp(−a): the posteriors and z are that
// function's bits, with and without the assembly (GibbsQuadsGo is the reference), and each
// posterior is within a relative 1e-15 + kp·2.3e-16 of the same formula with math.Exp
// (TestGibbsQuads). It panics
// unless 0 < cut ≤ 708 (so that every exponent kept lies in Exp's polynomial range), invT is
// finite and > 0, kp is a positive multiple of 4 and the slices hold 4·nq rows. Cost
// O(nq·4·kp), no allocation; in assembly the rows go four to a vector, one lane per row.
func GibbsQuads(p, dist, m, z []float64, nq, kp int, invT, cut float64) {
	if nq < 1 || kp < 4 || kp%4 != 0 || !(cut > 0 && cut <= -expLo) || !(invT > 0) || math.IsInf(invT, 1) {
		panic("kernel: GibbsQuads: nq < 1, kp not a positive multiple of 4, cut outside (0, 708] or invT not finite and > 0")
	}
	_ = p[4*nq*kp-1]
	_ = dist[4*nq*kp-1]
	_ = m[4*nq-1]
	_ = z[4*nq-1]
	gibbsQuads(p, dist, m, z, nq, kp, invT, cut)
}

// GibbsQuadsGo is GibbsQuads in pure Go, the reference the assembly must match: row by row,
// a = (v − m)·invT, e = expCore(−a) or 0, z the running sum of the e in column order, then
// every e multiplied by 1/z. Cost O(nq·4·kp).
func GibbsQuadsGo(p, dist, m, z []float64, nq, kp int, invT, cut float64) {
	for r := range 4 * nq {
		row, out := dist[r*kp:(r+1)*kp], p[r*kp:(r+1)*kp]
		var s float64
		for j, v := range row {
			e := 0.0
			if a := (v - m[r]) * invT; a < cut {
				e = expCore(-a)
			}
			out[j] = e
			s += e
		}
		z[r] = s
		iz := 1 / s
		for j := range out {
			out[j] *= iz
		}
	}
}
