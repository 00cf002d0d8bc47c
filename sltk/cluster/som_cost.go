package cluster

import (
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// SOMCost is the Euclidean SOM cost of ML chapter 4 (Clustering and embedding) §4.3.2 (C15) for
// given prototypes w (M×d) and neighbourhood h (M×M), with every point assigned to the node that
// minimises it:
//
//	E = (1/p) Σ_α min_r Σ_q h_qr ‖x^(α) − w_q‖².
//
// The minimising node is the winner of the Heskes SOM (WinnerRule Heskes), whose update is a
// stochastic gradient of E; Kohonen's nearest-prototype winner is not, so E compares the two
// rules on equal terms. With h = I it is the k-means cost per point.
// Cost: O(p·M·(d + M)).
func SOMCost(x, w, h mat.Matrix) (float64, error) {
	data, err := kmPrepare("SOMCost", x)
	if err != nil {
		return 0, err
	}
	if check.IsNil(w) || check.IsNil(h) {
		return 0, fmt.Errorf("cluster: SOMCost: nil prototypes or neighbourhood: %w", ErrShape)
	}
	m, _ := w.Dims()
	protos, err := kmCentroidSlice("SOMCost", w, m, data.d)
	if err != nil {
		return 0, err
	}
	if r, c := h.Dims(); r != m || c != m {
		return 0, fmt.Errorf("cluster: SOMCost: neighbourhood is %d×%d, want %d×%d: %w", r, c, m, m, ErrShape)
	}
	for q := 0; q < m; q++ {
		for r := 0; r < m; r++ {
			if v := h.At(q, r); !(v >= 0) || math.IsInf(v, 0) {
				return 0, fmt.Errorf("cluster: SOMCost: h(%d,%d) = %g, want finite ≥ 0: %w", q, r, v, ErrParam)
			}
		}
	}
	d := data.d
	dist := make([]float64, m)
	total := 0.0
	for a := 0; a < data.n; a++ {
		xa := data.x[a*d : (a+1)*d]
		for q := range dist {
			dist[q] = 2 * HalfSquared(xa, protos[q*d:(q+1)*d])
		}
		best := math.Inf(1)
		for r := 0; r < m; r++ {
			s := 0.0
			for q, v := range dist {
				s += h.At(q, r) * v
			}
			best = math.Min(best, s)
		}
		total += best
	}
	return total / float64(data.n), nil
}
