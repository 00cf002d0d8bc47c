package density

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// lectureBimodal draws p points of ½N(−2, 0.5²) + ½N(2, 1), the chapter's running example.
func lectureBimodal(p int, seed uint64) *mat.Dense {
	return twoGaussians(p, rand.New(rand.NewPCG(seed, 5)), func(i int) bool { return i%2 == 0 })
}

// mix1D is a 1-D Gaussian mixture θ = (P(q), w_q, σ_q²).
type mix1D struct{ w, m, v []float64 }

// lnJoint is ln P(x, q | θ) = ln P(q) + ln N(x; w_q, σ_q²).
func (t mix1D) lnJoint(x float64, q int) float64 {
	return math.Log(t.w[q]) - 0.5*math.Log(2*math.Pi*t.v[q]) - (x-t.m[q])*(x-t.m[q])/(2*t.v[q])
}

// logLik is Σ_α ln Σ_q P(x^(α), q | θ): the likelihood sums over the hidden label.
func (t mix1D) logLik(data []float64) float64 {
	s := 0.0
	for _, x := range data {
		s += floats.LogSumExp([]float64{t.lnJoint(x, 0), t.lnJoint(x, 1)})
	}
	return s
}

// TestLectureEMProofJensenBound completes the lecture's proof of EM (§5.2.2 ends after
// ⟨m_q⟩ = P(q | x)) and checks its corrected first step: P(x | θ) = Σ_m P(x, m | θ), not
// P(x, m). With R the responsibilities at θ_old, B(θ) = Σ_α Σ_q R_αq [ln P(x^(α), q | θ) −
// ln R_αq] equals ln P(X | θ_old) at θ_old and lies below ln P(X | θ) elsewhere; the printed
// product of joint probabilities at the most likely labels is strictly smaller.
func TestLectureEMProofJensenBound(t *testing.T) {
	x := lectureBimodal(200, 1)
	r, err := GMM{K: 2, Cov: Isotropic, Restarts: 3, Seed: 1}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	post, err := r.Posteriors(x)
	if err != nil {
		t.Fatal(err)
	}
	data := x.RawMatrix().Data
	bound := func(th mix1D) float64 {
		s := 0.0
		for i, xv := range data {
			for q := 0; q < 2; q++ {
				if rq := post.At(i, q); rq > 0 {
					s += rq * (th.lnJoint(xv, q) - math.Log(rq))
				}
			}
		}
		return s
	}
	old := mix1D{r.Weights, mat.Col(nil, 0, r.Means), r.Vars}
	moved := mix1D{[]float64{0.4, 0.6}, []float64{old.m[0] + 0.3, old.m[1] - 0.2},
		[]float64{1.2 * old.v[0], 0.9 * old.v[1]}}
	ll := old.logLik(data)
	if tol := 1e-9 * math.Abs(ll); math.Abs(ll-200*r.LogLik) > tol || math.Abs(bound(old)-ll) > tol {
		t.Errorf("ln P(X | θ_old) = %g, library %g, bound %g", ll, 200*r.LogLik, bound(old))
	}
	if gap := moved.logLik(data) - bound(moved); gap < 1e-3 {
		t.Errorf("bound not strictly below at θ′: gap %g", gap)
	}
	hard := 0.0
	for _, xv := range data {
		hard += math.Max(old.lnJoint(xv, 0), old.lnJoint(xv, 1))
	}
	if ll-hard < 1e-3 {
		t.Errorf("printed Π P(x, m) = %g is not below ln P(X | θ) = %g", hard, ll)
	}
}

// TestLectureDerivativeOwnVariance checks the corrected derivative of a component density,
// ∂ ln P(x | r)/∂w_r = (x − w_r)/σ_r² with the component's own variance (the lecture writes
// one σ²), by central differences on the fitted two-component mixture, whose variances differ.
func TestLectureDerivativeOwnVariance(t *testing.T) {
	x := lectureBimodal(200, 1)
	r, err := GMM{K: 2, Cov: Isotropic, Restarts: 3, Seed: 1}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	th := mix1D{r.Weights, mat.Col(nil, 0, r.Means), r.Vars}
	shared := 0.5 * (th.v[0] + th.v[1])
	own, common := 0.0, 0.0
	for _, xv := range x.RawMatrix().Data[:20] {
		for q := 0; q < 2; q++ {
			up := mix1D{th.w, append([]float64(nil), th.m...), th.v}
			dn := mix1D{th.w, append([]float64(nil), th.m...), th.v}
			up.m[q] += 1e-6
			dn.m[q] -= 1e-6
			fd := (up.lnJoint(xv, q) - dn.lnJoint(xv, q)) / 2e-6
			scale := math.Max(1, math.Abs(fd))
			own = math.Max(own, math.Abs(fd-(xv-th.m[q])/th.v[q])/scale)
			common = math.Max(common, math.Abs(fd-(xv-th.m[q])/shared)/scale)
		}
	}
	if own > 1e-6 || common < 0.1 {
		t.Errorf("relative error with σ_r²: %g (want ≈ 0); with a shared σ²: %g (want large)", own, common)
	}
}

// TestLectureVarianceOneOverD checks the corrected variance update and initialisation of the
// isotropic EM (Algorithm 7): both carry 1/d. On 5-D isotropic data with σ = 1.5, one M-step
// from one component gives σ² = (1/(pd)) Σ‖x − x̄‖² ≈ 2.25, while the printed form without 1/d,
// used for the update and the start alike, gives d·σ² ≈ 11.25.
func TestLectureVarianceOneOverD(t *testing.T) {
	rng := rand.New(rand.NewPCG(5, 5))
	const p, d = 20000, 5
	x := fuzzdata.Normal(rng, p, d)
	x.Scale(1.5, x)
	r, err := GMM{K: 1, Cov: Isotropic, MaxIter: 1, Init: InitNotes}.Fit(x)
	if err != nil {
		t.Fatal(err)
	}
	g, err := FitGaussian(x)
	if err != nil {
		t.Fatal(err)
	}
	printed := mat.Trace(g.Cov) // (1/p) Σ ‖x − x̄‖²
	if math.Abs(r.Vars[0]-printed/d) > 1e-10 || math.Abs(r.Vars[0]-2.25) > 0.03 {
		t.Errorf("corrected σ² = %g, want %g ≈ 2.25", r.Vars[0], printed/d)
	}
	if math.Abs(printed-d*2.25) > 0.15 {
		t.Errorf("printed form %g, want ≈ d·σ² = %g", printed, d*2.25)
	}
}
