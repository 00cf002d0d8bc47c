package density

import "math"

// lloydRefine improves k-means++ seeds by at most maxIter Lloyd iterations (assign every point
// to its nearest mean, move each mean to its points' average), stopping when no assignment
// changes. Starting EM from k-means centres, as scikit-learn does by default, avoids most of the
// poor local optima that raw D² seeds lead to when components overlap. A mean that loses all its
// points stays where it is. Cost O(p·K·d) per iteration, parallel over fixed chunks.
func (s *gmmState) lloydRefine(maxIter int) {
	d, k := s.d, s.k
	label := make([]int, s.p)
	for i := range label {
		label[i] = -1
	}
	nc := s.chunks()
	size := (s.p + nc - 1) / nc
	sums := make([][]float64, nc)
	counts := make([][]float64, nc)
	changed := make([]int, nc)
	for c := range sums {
		sums[c], counts[c] = make([]float64, k*d), make([]float64, k)
	}
	for it := 0; it < maxIter; it++ {
		parallelChunks(nc, func(lo, hi int) {
			for c := lo; c < hi; c++ {
				clear(sums[c])
				clear(counts[c])
				changed[c] = 0
				for i := c * size; i < min((c+1)*size, s.p); i++ {
					x := s.data[i*d : (i+1)*d]
					best, bestD := 0, math.Inf(1)
					for q := 0; q < k; q++ {
						w := s.means[q*d : (q+1)*d]
						t := 0.0
						for j, v := range x {
							u := v - w[j]
							t += u * u
						}
						if t < bestD {
							best, bestD = q, t
						}
					}
					if label[i] != best {
						label[i] = best
						changed[c]++
					}
					counts[c][best]++
					acc := sums[c][best*d : (best+1)*d]
					for j, v := range x {
						acc[j] += v
					}
				}
			}
		})
		moved := 0
		for c := 0; c < nc; c++ {
			moved += changed[c]
		}
		if moved == 0 {
			return
		}
		for q := 0; q < k; q++ {
			n := 0.0
			for c := 0; c < nc; c++ {
				n += counts[c][q]
			}
			if n == 0 {
				continue
			}
			for j := 0; j < d; j++ {
				t := 0.0
				for c := 0; c < nc; c++ {
					t += sums[c][q*d+j]
				}
				s.means[q*d+j] = t / n
			}
		}
	}
}
