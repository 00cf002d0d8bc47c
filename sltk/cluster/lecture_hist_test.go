package cluster

import (
	"math"
	"testing"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"github.com/sltk-book/sltk/sltk/info"
	"gonum.org/v1/gonum/mat"
)

// Checks of the corrections to the lecture text's chapter on histogram clustering, listed in
// the notes section of notebooks/slt/05-histogram-clustering.ipynb.

func lectureHistFit(t *testing.T) (*mat.Dense, *HistResult) {
	t.Helper()
	h, _ := histData(60, 100, 4)
	res, err := HistogramDA{K: 3, Schedule: gibbs.Schedule{Cooling: 0.85}, Seed: 5}.Fit(h)
	if err != nil {
		t.Fatal(err)
	}
	return h, res
}

// E26: Algorithm 3 returns Q and p after noise and a further cooling step; HistogramDA returns
// the converged fixed point of the last level, which one more update of (5.7) leaves in place.
func TestLectureHistReturnsFixedPoint(t *testing.T) {
	h, res := lectureHistFit(t)
	last := res.Levels[len(res.Levels)-1]
	if !last.Converged || !mat.Equal(res.Centroids, last.Centroids) {
		t.Fatalf("returned centroids are not the last level's converged fixed point")
	}
	n, b := h.Dims()
	k, _ := res.Centroids.Dims()
	num, den := mat.NewDense(k, b, nil), make([]float64, k)
	for i := 0; i < n; i++ {
		kl := make([]float64, k)
		for j := range kl {
			kl[j], _ = info.KLNats(h.RawRowView(i), res.Centroids.RawRowView(j))
		}
		g, err := gibbs.New(kl, last.T)
		if err != nil {
			t.Fatal(err)
		}
		for j, p := range g.P() {
			den[j] += p
			for y := 0; y < b; y++ {
				num.Set(j, y, num.At(j, y)+p*h.At(i, y))
			}
		}
	}
	move := 0.0
	for j := 0; j < k; j++ {
		for y := 0; y < b; y++ {
			move = math.Max(move, math.Abs(num.At(j, y)/den[j]-res.Centroids.At(j, y)))
		}
	}
	if move > 1e-6 {
		t.Errorf("one more centroid update at T = %g moves the centroids by %g", last.T, move)
	}
}

// E28: the cost (5.4) is Σ_x D_KL[p̂(·|x) ‖ q_c(x)], one term per object with its own centroid.
func TestLectureHistCostIndices(t *testing.T) {
	h, res := lectureHistFit(t)
	n, _ := h.Dims()
	var cost float64
	for i := 0; i < n; i++ {
		d, _ := info.KLNats(h.RawRowView(i), res.Centroids.RawRowView(res.Labels[i]))
		cost += d
	}
	if math.Abs(cost-res.Cost) > 1e-9*math.Max(1, cost) {
		t.Errorf("Σ_x D_KL[p̂_x ‖ q_c(x)] = %g, result Cost = %g", cost, res.Cost)
	}
}

// E29: (5.13)–(5.14) omit the constant −ℓ Σ_x p̂(x) H[p̂(·|x)]; with it the log-likelihood
// term ℓ Σ p̂(x,y) log q_c(x)(y) equals −Σ_x n(x) D_KL − Σ_x n(x) H, without it the gap is
// exactly the entropy term.
func TestLectureHistLikelihoodEntropyConstant(t *testing.T) {
	h, res := lectureHistFit(t)
	const m = 100 // counts per object in histData
	n, b := h.Dims()
	var loglik, kl, ent float64
	for i := 0; i < n; i++ {
		p, q := h.RawRowView(i), res.Centroids.RawRowView(res.Labels[i])
		for y := 0; y < b; y++ {
			if p[y] > 0 {
				loglik += m * p[y] * math.Log(q[y])
			}
		}
		d, _ := info.KLNats(p, q)
		e, _ := info.EntropyNats(p)
		kl, ent = kl+m*d, ent+m*e
	}
	if math.Abs(loglik-(-kl-ent)) > 1e-9*math.Abs(loglik) {
		t.Errorf("with the entropy constant: %g vs %g", loglik, -kl-ent)
	}
	if gap := -(loglik + kl); gap < 1 || math.Abs(gap-ent) > 1e-9*ent {
		t.Errorf("without it the gap is %g, want the entropy term %g > 1", gap, ent)
	}
}
