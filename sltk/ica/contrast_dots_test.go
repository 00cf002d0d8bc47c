package ica

import (
	"math"
	"testing"
)

// TestFastICADotProductsAgreeWithGemm pins the rotations FastICA found when the sums
// P = G'(Y)·Uᵀ of contrastKernel were a kernel.Gemm product (values printed by that code),
// on 5000 observations of 4 mixed sources (three blocks, the last one short), for the three
// contrasts and both modes. P as dot products (kernel.Dots2) adds the same terms in another
// order; the rotations agree within 10⁻¹³ (seen: 8·10⁻¹⁶) after the same number of
// iterations, all converged.
func TestFastICADotProductsAgreeWithGemm(t *testing.T) {
	x, _ := benchData(5000, 4)
	for _, c := range []struct {
		f    FastICA
		iter int
		rot  []float64
	}{
		{FastICA{Tol: 1e-10, Seed: 3}, 5,
			[]float64{0.15833235613309282, 0.55411010292467633, -0.78894239268865829, -0.21321997996633077, -0.047222802327543008, -0.79455392263367164, -0.5960708474192089, 0.10561068044817656, -0.4715180865248913, -0.12666793658353132, 0.051849594692168439, -0.87117021726631194, -0.86623990096368886, 0.21354458950280503, -0.13993236010980109, 0.4294718580612672}},
		{FastICA{Tol: 1e-10, Seed: 3, Contrast: Exp}, 5,
			[]float64{0.16292958897940946, 0.55742664856951041, -0.78656574081387398, -0.20986618564572432, -0.046557148604904827, -0.79234960375324626, -0.59916825113522121, 0.10493781099973651, -0.47077500414743884, -0.12377026337703419, 0.047493658947374999, -0.8722363038382146, -0.86582750962230415, 0.21479887988585486, -0.14161954162216736, 0.42912477231191049}},
		{FastICA{Tol: 1e-10, Seed: 3, Contrast: Kurtosis, Mode: Deflation}, 19,
			[]float64{-0.088631791767941337, -0.51661754505403878, 0.81777832936338324, 0.23767482334899542, 0.058910973108460059, 0.81968639512015096, 0.55787511286088109, -0.11584070680380518, 0.86733069830330034, -0.19432731926665964, 0.10113278887544994, -0.44693009719822735, -0.48622151589180834, -0.15315814958370186, 0.09892482746189947, -0.85460230353750033}},
		{FastICA{Tol: 1e-10, Seed: 3, Mode: Deflation}, 14,
			[]float64{-0.86247636348642143, 0.21318273595989826, -0.14355353159693227, 0.43598168204861432, -0.045283594393196965, -0.79155298598732715, -0.60124342161452249, 0.099496806072558314, -0.47731229593203423, -0.12000313802614035, 0.050120898069425421, -0.86905702608786461, -0.16203978109760814, -0.55999664135339033, 0.78446582277880306, 0.21156616909784312}},
	} {
		r, err := c.f.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		if r.Iter != c.iter || !r.Converged {
			t.Fatalf("%+v: %d iterations, converged %v; the Gemm path converged in %d", c.f, r.Iter, r.Converged, c.iter)
		}
		for i, v := range r.Rotation.RawMatrix().Data {
			if math.Abs(v-c.rot[i]) > 1e-13 {
				t.Fatalf("%+v: rotation entry %d = %.17g, the Gemm path's %.17g", c.f, i, v, c.rot[i])
			}
		}
	}
}
