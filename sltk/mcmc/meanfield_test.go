package mcmc

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"gonum.org/v1/gonum/mat"
)

// randomPotts is a K-state energy on n sites with random unary terms and all pairs coupled.
func randomPotts(t *testing.T, n, k int, seed uint64) *PairwiseEnergy {
	t.Helper()
	rng := rand.New(rand.NewPCG(seed, 1))
	unary := mat.NewDense(n, k, nil)
	for i := range n {
		for a := range k {
			unary.Set(i, a, rng.NormFloat64())
		}
	}
	var pairs []Pair
	for i := range n {
		for j := i + 1; j < n; j++ {
			tab := mat.NewDense(k, k, nil)
			for x := range k * k {
				tab.RawMatrix().Data[x] = rng.NormFloat64()
			}
			pairs = append(pairs, Pair{I: i, J: j, Table: tab})
		}
	}
	p, err := NewPairwiseEnergy(k, unary, pairs)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func randomQ(n, k int, seed uint64) *mat.Dense {
	rng := rand.New(rand.NewPCG(seed, 2))
	q := mat.NewDense(n, k, nil)
	for i := range n {
		s := 0.0
		for a := range k {
			v := rng.Float64() + 0.05
			q.Set(i, a, v)
			s += v
		}
		for a := range k {
			q.Set(i, a, q.At(i, a)/s)
		}
	}
	return q
}

// TestPairwiseEnergyExpectation checks ⟨E⟩_Q against the sum over all K^N states, the fields
// against finite differences of ⟨E⟩_Q, and the variational identity F_Q − F = T·D_KL(Q‖P)
// with D_KL enumerated independently.
func TestPairwiseEnergyExpectation(t *testing.T) {
	for seed := uint64(1); seed <= 3; seed++ {
		n, k := 5, 3
		p := randomPotts(t, n, k, seed)
		q := randomQ(n, k, seed)
		s := make([]int, n)
		want := 0.0
		total := 1
		for range n {
			total *= k
		}
		for x := range total {
			p.decode(x, s)
			pr := 1.0
			for i, v := range s {
				pr *= q.At(i, v)
			}
			want += pr * p.stateEnergy(s)
		}
		if got := p.Energy(q); math.Abs(got-want) > 1e-12 {
			t.Errorf("seed %d: ⟨E⟩_Q = %g, enumeration %g", seed, got, want)
		}
		f := make([]float64, k)
		for i := range n {
			p.Fields(q, i, f)
			for a := range k {
				h := 1e-6
				qp := mat.DenseCopyOf(q)
				qp.Set(i, a, q.At(i, a)+h)
				fd := (p.Energy(qp) - p.Energy(q)) / h
				if math.Abs(fd-f[a]) > 1e-5 {
					t.Errorf("seed %d: field (%d,%d) = %g, finite difference %g", seed, i, a, f[a], fd)
				}
			}
		}
		for _, temp := range []float64{0.3, 1, 5} {
			fq, _ := p.FreeEnergy(q, temp)
			ex, _ := p.Exact(temp)
			kl, err := p.KL(q, temp)
			if err != nil {
				t.Fatal(err)
			}
			if fq < ex.F || math.Abs((fq-ex.F)/temp-kl) > 1e-9*math.Max(1, kl) {
				t.Errorf("seed %d T %g: F_Q = %g, F = %g, (F_Q−F)/T = %g, KL = %g", seed, temp, fq, ex.F, (fq-ex.F)/temp, kl)
			}
		}
	}
}

// TestMeanFieldExactWithoutCouplings: with unary terms only, P factorises and the mean field is
// exact (F_Q = F, marginals equal).
func TestMeanFieldExactWithoutCouplings(t *testing.T) {
	unary := mat.NewDense(4, 3, []float64{0, 1, 2, 1, 0, -1, 0.5, 0.5, 0, 2, -2, 0})
	p, err := NewPairwiseEnergy(3, unary, nil)
	if err != nil {
		t.Fatal(err)
	}
	r, err := MeanFieldAnneal{Schedule: gibbs.Schedule{T0: 4, TMin: 0.7, Cooling: 0.8}, Sequential: true}.Run(p)
	if err != nil {
		t.Fatal(err)
	}
	for _, lv := range r.Levels {
		ex, _ := p.Exact(lv.T)
		if math.Abs(lv.FreeEnergy-ex.F) > 1e-9 || !mat.EqualApprox(lv.Q, ex.Marginals, 1e-9) {
			t.Errorf("T %g: F_Q = %g, F = %g", lv.T, lv.FreeEnergy, ex.F)
		}
	}
}

// TestMeanFieldSequentialMonotone: every single-site update lowers F_Q (or leaves it), at every
// level of an annealed spin glass, and every level bounds the exact F from above.
func TestMeanFieldSequentialMonotone(t *testing.T) {
	w, _ := SpinGlass(10, 3)
	p, _ := NewIsingEnergy(w, nil)
	r, err := MeanFieldAnneal{Sequential: true, Trace: true, Seed: 1}.Run(p)
	if err != nil {
		t.Fatal(err)
	}
	for _, lv := range r.Levels {
		for x := 1; x < len(lv.Trace); x++ {
			if lv.Trace[x] > lv.Trace[x-1]+1e-12*math.Max(1, math.Abs(lv.Trace[x-1])) {
				t.Fatalf("T %g: F_Q rose at update %d: %g → %g", lv.T, x, lv.Trace[x-1], lv.Trace[x])
			}
		}
		ex, _ := p.Exact(lv.T)
		if lv.FreeEnergy < ex.F-1e-9 || !lv.Converged {
			t.Errorf("T %g: F_Q = %g < F = %g or not converged", lv.T, lv.FreeEnergy, ex.F)
		}
	}
}

// TestMeanFieldSynchronousOscillates: two ferromagnetically coupled spins started opposite
// swap their magnetisations forever under synchronous updates at low T (period two), while the
// sequential update converges to an aligned state.
func TestMeanFieldSynchronousOscillates(t *testing.T) {
	w := mat.NewDense(2, 2, []float64{0, 1, 1, 0})
	p, _ := NewIsingEnergy(w, nil)
	init := mat.NewDense(2, 2, []float64{0.05, 0.95, 0.95, 0.05})
	one := gibbs.Schedule{T0: 0.5, TMin: 0.5, Cooling: 0.5}
	syn, err := MeanFieldAnneal{Schedule: one, Init: init, MaxIter: 50, Noise: -1, Trace: true}.Run(p)
	if err != nil {
		t.Fatal(err)
	}
	lv := syn.Levels[0]
	m, _ := IsingMagnetisations(lv.Q)
	if lv.Converged || m[0]*m[1] >= 0 {
		t.Errorf("synchronous: converged %v, m = %v; want an unconverged anti-aligned 2-cycle", lv.Converged, m)
	}
	seq, _ := MeanFieldAnneal{Schedule: one, Init: init, Sequential: true, Noise: -1}.Run(p)
	m, _ = IsingMagnetisations(seq.Q)
	want, _ := CurieWeiss(1 / 0.5)
	if !seq.Levels[0].Converged || math.Abs(math.Abs(m[0])-want) > 1e-8 || math.Abs(m[0]-m[1]) > 1e-8 {
		t.Errorf("sequential: m = %v, want ±%g aligned", m, want)
	}
}

// TestCurieWeissExactMatchesEnumeration compares the closed-form sums with IsingExact, and the
// mean-field free energy with a MeanFieldAnneal run.
func TestCurieWeissExactMatchesEnumeration(t *testing.T) {
	n := 10
	w, _ := Ferromagnet(n, 1/float64(n))
	p, _ := NewIsingEnergy(w, nil)
	for _, temp := range []float64{0.5, 0.9, 1.5} {
		cw, err := CurieWeissExact(n, 1, temp)
		if err != nil {
			t.Fatal(err)
		}
		ex, _ := IsingExact(w, 1/temp)
		am, _ := IsingAbsMagnetisation(w, temp)
		if math.Abs(cw.F+temp*ex.LogZ) > 1e-10 || math.Abs(cw.AbsM-am) > 1e-10 ||
			math.Abs(cw.MeanE-ex.MeanE) > 1e-10 || math.Abs(cw.VarE-ex.VarE) > 1e-10 {
			t.Errorf("T %g: closed form %+v, enumeration F %g |m| %g", temp, cw, -temp*ex.LogZ, am)
		}
		r, _ := MeanFieldAnneal{Schedule: gibbs.Schedule{T0: 3, TMin: temp}, Sequential: true, Seed: 2}.Run(p)
		last := r.Levels[len(r.Levels)-1]
		at, _ := CurieWeissExact(n, 1, last.T)
		if math.Abs(last.FreeEnergy-at.FMF) > 1e-7 || at.FMF < at.F {
			t.Errorf("T %g: MeanFieldAnneal F_Q = %g, closed form %g, exact F %g", last.T, last.FreeEnergy, at.FMF, at.F)
		}
	}
}

// TestIsingMetropolisMatchesExact: the sampled ⟨|m|⟩ of a 3×3 torus is close to enumeration.
func TestIsingMetropolisMatchesExact(t *testing.T) {
	w, _ := Lattice(3, 1)
	for _, temp := range []float64{1.5, 3} {
		s, err := IsingMetropolis(w, temp, 40000, 1)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := IsingAbsMagnetisation(w, temp)
		if math.Abs(s.AbsM-want) > 0.02 {
			t.Errorf("T %g: Metropolis ⟨|m|⟩ = %g, exact %g", temp, s.AbsM, want)
		}
	}
	if m, _ := OnsagerMagnetisation(1); math.Abs(m-0.99927) > 1e-5 {
		t.Errorf("Onsager m(1) = %g", m)
	}
}

// TestMeanFieldBadInput covers the error paths of the generic API.
func TestMeanFieldBadInput(t *testing.T) {
	p, _ := NewIsingEnergy(mat.NewDense(2, 2, []float64{0, 1, 1, 0}), nil)
	cases := []struct {
		name string
		err  error
		want error
	}{
		{"nil model", e1(MeanFieldAnneal{}.Run(nil)), ErrEmpty},
		{"empty energy", e1(MeanFieldAnneal{}.Run(&PairwiseEnergy{})), ErrEmpty},
		{"init shape", e1(MeanFieldAnneal{Init: mat.NewDense(3, 2, nil)}.Run(p)), ErrShape},
		{"init prob", e1(MeanFieldAnneal{Init: mat.NewDense(2, 2, []float64{1, 1, 0, 1})}.Run(p)), ErrProb},
		{"MaxIter", e1(MeanFieldAnneal{MaxIter: -1}.Run(p)), ErrParam},
		{"Tol", e1(MeanFieldAnneal{Tol: math.NaN()}.Run(p)), ErrParam},
		{"k", e1(NewPairwiseEnergy(0, nil, nil)), ErrParam},
		{"self pair", e1(NewPairwiseEnergy(2, nil, []Pair{{I: 1, J: 1, Table: mat.NewDense(2, 2, nil)}})), ErrParam},
		{"table", e1(NewPairwiseEnergy(2, nil, []Pair{{I: 0, J: 1, Table: mat.NewDense(3, 3, nil)}})), ErrShape},
		{"exact size", e1(p2big(t).Exact(1)), ErrTooLarge},
		{"T", e1(p.Exact(0)), ErrParam},
		{"NaN field", e1(NewIsingEnergy(mat.NewDense(2, 2, []float64{0, 1, 1, 0}), []float64{math.NaN(), 0})), ErrNotFinite},
	}
	for _, c := range cases {
		if !errors.Is(c.err, c.want) {
			t.Errorf("%s: error %v, want %v", c.name, c.err, c.want)
		}
	}
}

func p2big(t *testing.T) *PairwiseEnergy {
	p, err := NewPairwiseEnergy(3, mat.NewDense(30, 3, nil), nil)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

func e1[T any](_ T, err error) error { return err }

func ExampleMeanFieldAnneal() {
	// Four spins on a ring with a field on spin 0: the mean field bounds F from above.
	w := mat.NewDense(4, 4, []float64{0, 1, 0, 1, 1, 0, 1, 0, 0, 1, 0, 1, 1, 0, 1, 0})
	p, _ := NewIsingEnergy(w, []float64{0.5, 0, 0, 0})
	r, _ := MeanFieldAnneal{Schedule: gibbs.Schedule{T0: 1, TMin: 1}, Sequential: true}.Run(p)
	last := r.Levels[len(r.Levels)-1]
	ex, _ := p.Exact(last.T)
	m, _ := IsingMagnetisations(r.Q)
	fmt.Printf("T = %.0f: F_Q = %.3f ≥ F = %.3f, m_0 = %.3f (exact %.3f)\n",
		last.T, last.FreeEnergy, ex.F, m[0], ex.Marginals.At(0, 1)-ex.Marginals.At(0, 0))
	// Output:
	// T = 1: F_Q = -4.565 ≥ F = -4.918, m_0 = 0.984 (exact 0.462)
}

// TestIsingCurves checks the curve against its two ingredients called one by one, the
// exact column only below the enumeration limit, and the empty list.
func TestIsingCurves(t *testing.T) {
	temps := []float64{1.5, 3}
	for _, side := range []int{3, 5} { // 9 spins: with Exact; 25 > 24: without
		w, _ := Lattice(side, 1)
		c, err := IsingCurves(w, temps, 200, 7)
		if err != nil {
			t.Fatal(err)
		}
		if side == 5 && c.Exact != nil {
			t.Errorf("side 5: Exact = %v, want nil above 24 spins", c.Exact)
		}
		for k, temp := range temps {
			s, _ := IsingMetropolis(w, temp, 200, 7)
			if c.Metropolis[k] != s.AbsM || c.T[k] != temp {
				t.Errorf("side %d, T %g: %g, want IsingMetropolis's %g", side, temp,
					c.Metropolis[k], s.AbsM)
			}
			if side == 3 {
				if want, _ := IsingAbsMagnetisation(w, temp); c.Exact[k] != want {
					t.Errorf("T %g: exact %g, want %g", temp, c.Exact[k], want)
				}
			}
		}
	}
	if _, err := IsingCurves(mat.NewDense(2, 2, []float64{0, 1, 1, 0}), nil, 10, 1); !errors.Is(err, ErrEmpty) {
		t.Errorf("no temperatures: %v, want ErrEmpty", err)
	}
}

func ExampleIsingCurves() {
	w, _ := Lattice(3, 1) // 3×3 torus, J = 1: 9 spins, few enough to enumerate
	c, _ := IsingCurves(w, []float64{1, 10}, 4000, 1)
	for k, t := range c.T {
		fmt.Printf("T = %2g: exact %.2f, Metropolis %.2f\n", t, c.Exact[k], c.Metropolis[k])
	}
	// Output:
	// T =  1: exact 1.00, Metropolis 1.00
	// T = 10: exact 0.34, Metropolis 0.34
}
