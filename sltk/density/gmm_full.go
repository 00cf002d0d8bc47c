package density

import (
	"math"

	"gonum.org/v1/gonum/floats"
)

// The full-covariance model does O(d²) work per point and component. These helpers run it on a
// chunk of rows stored column by column (d vectors of the chunk's length), so the forward
// substitution and the scatter matrices become AXPY and dot products over long vectors, which
// gonum's floats package executes with SIMD kernels; the per-row form would work on vectors of
// length d only.

// transposeChunk copies rows lo..hi−1 into xt, column j at xt[j·m : (j+1)·m], m = hi − lo.
func (s *gmmState) transposeChunk(lo, hi int, xt []float64) {
	m, d := hi-lo, s.d
	for i := 0; i < m; i++ {
		row := s.data[(lo+i)*d : (lo+i+1)*d]
		for j, v := range row {
			xt[j*m+i] = v
		}
	}
}

// fullLogJoint writes ln P(q) + ln N(x_i; w_q, Σ_q) into the responsibility rows lo..hi−1,
// solving L_q z = x_i − w_q for all rows of the chunk at once. z and maha are scratch of length
// d·m and m.
func (s *gmmState) fullLogJoint(lo, hi int, xt, z, maha []float64) {
	m, d, k := hi-lo, s.d, s.k
	c := float64(d) * math.Log(2*math.Pi)
	for q := 0; q < k; q++ {
		l := s.lchol[q*d*d : (q+1)*d*d]
		w := s.means[q*d : (q+1)*d]
		clear(maha[:m])
		for a := 0; a < d; a++ {
			za := z[a*m : (a+1)*m]
			floats.AddConst(-w[a], floats.ScaleTo(za, 1, xt[a*m:(a+1)*m]))
			for b := 0; b < a; b++ {
				floats.AddScaled(za, -l[a*d+b], z[b*m:(b+1)*m])
			}
			floats.Scale(1/l[a*d+a], za)
			for i, v := range za {
				maha[i] += v * v
			}
		}
		base := math.Log(s.weights[q]) - 0.5*(c+s.logdet[q])
		for i := 0; i < m; i++ {
			s.resp[(lo+i)*k+q] = base - 0.5*maha[i]
		}
	}
}

// fullScatter adds Σ_i r_iq (x_i − w_q)(x_i − w_q)ᵀ (lower triangle, row-major d×d per
// component) for the chunk's rows to acc. u and ru are scratch of length d·m and m.
func (s *gmmState) fullScatter(lo, hi int, xt, u, ru, acc []float64) {
	m, d, k := hi-lo, s.d, s.k
	for q := 0; q < k; q++ {
		w := s.means[q*d : (q+1)*d]
		for a := 0; a < d; a++ {
			floats.AddConst(-w[a], floats.ScaleTo(u[a*m:(a+1)*m], 1, xt[a*m:(a+1)*m]))
		}
		out := acc[q*d*d : (q+1)*d*d]
		for a := 0; a < d; a++ {
			ua := u[a*m : (a+1)*m]
			for i := range ru[:m] {
				ru[i] = s.resp[(lo+i)*k+q] * ua[i]
			}
			for b := 0; b <= a; b++ {
				out[a*d+b] += floats.Dot(ru[:m], u[b*m:(b+1)*m])
			}
		}
	}
}
