package gibbs

import (
	"math/rand/v2"
	"strconv"
	"testing"
)

// BenchmarkSoftmaxRows runs the posterior step of deterministic annealing (SoftmaxCosts over K
// squared distances at temperature 1) and of a GMM E-step (Softmax of K log-weights in place)
// on 1000 rows, for K = 16 and 64; SoftmaxCostsCut is the annealing's low temperatures, where
// the cut at 36 leaves most terms out (T = 0.2: (r − r_min)/T spreads over [0, 100]).
func BenchmarkSoftmaxRows(b *testing.B) {
	for _, k := range []int{16, 64} {
		r := rand.New(rand.NewPCG(1, 2))
		rows := make([]float64, 1000*k)
		for i := range rows {
			rows[i] = 20 * r.Float64()
		}
		dst := make([]float64, k)
		b.Run("SoftmaxCosts/K="+strconv.Itoa(k), func(b *testing.B) {
			for b.Loop() {
				for i := 0; i < len(rows); i += k {
					SoftmaxCosts(dst, rows[i:i+k], 1, 745)
				}
			}
		})
		b.Run("SoftmaxCostsCut/K="+strconv.Itoa(k), func(b *testing.B) {
			for b.Loop() {
				for i := 0; i < len(rows); i += k {
					SoftmaxCosts(dst, rows[i:i+k], 0.2, 36)
				}
			}
		})
		b.Run("Softmax/K="+strconv.Itoa(k), func(b *testing.B) {
			for b.Loop() {
				for i := 0; i < len(rows); i += k {
					copy(dst, rows[i:i+k])
					Softmax(dst, dst)
				}
			}
		})
	}
}
