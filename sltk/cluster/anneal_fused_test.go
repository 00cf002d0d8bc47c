package cluster

import (
	"math"
	"math/rand/v2"
	"testing"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"github.com/sltk-book/sltk/sltk/internal/kernel"
	"gonum.org/v1/gonum/mat"
)

// TestDAFusedStepBits compares one E-pass with the fused kernels (kernel.KMDistQuads, then
// kernel.GibbsQuads writing into the buffer kernel.XtPAdd reads) against the same pass row by
// row (daRowPosterior, i.e. gibbs.SoftmaxCosts; st.ct = nil), bit for bit: the posteriors,
// the centroid sums and masses, the free energy and E[R]. The shapes cover one and several
// blocks, n not a multiple of 4 (1–3 rows after the quads), chunks that are not a multiple of
// the kernel's step (K = 37, 100), K not a multiple of 4 (padding columns) or of 16 (XtPAdd's
// last columns four at a time), and temperatures from far above the data scale to far below
// it (most terms cut off).
func TestDAFusedStepBits(t *testing.T) {
	rng := rand.New(rand.NewPCG(41, 42))
	for _, c := range []struct{ n, d, k int }{{2*daBlock + 3*daChunk + 7, 2, 16}, {daBlock + 3, 3, 37},
		{1201, 2, 100}, {514, 10, 5}, {7, 1, 3}, {300, 2, 256}} {
		x, theta := daRandomCase(rng, c.n, c.d, c.k)
		fused, err := daNewState(x, c.n, c.d, c.k, 2)
		if err != nil {
			t.Fatal(err)
		}
		if (fused.ct != nil) != kernel.Asm() {
			t.Fatalf("K = %d: fused kernels in use %v, assembly %v", c.k, fused.ct != nil, kernel.Asm())
		}
		rows, _ := daNewState(x, c.n, c.d, c.k, 2)
		rows.ct = nil
		for _, temp := range []float64{1e3, 4, 0.05} {
			type pass struct {
				post     *mat.Dense
				num, den []float64
				f, cost  float64
			}
			run := func(st *daState) pass {
				p := pass{post: mat.NewDense(c.n, c.k, nil)}
				st.daStep(theta, temp, p.post, true)
				p.num, p.den, p.f, p.cost = st.daReduce()
				return p
			}
			a, b := run(fused), run(rows)
			same := func(what string, u, v []float64) {
				for i := range u {
					if math.Float64bits(u[i]) != math.Float64bits(v[i]) {
						t.Fatalf("n=%d d=%d K=%d T=%g: %s[%d] = %v fused, %v row by row", c.n, c.d, c.k, temp, what, i, u[i], v[i])
					}
				}
			}
			same("posterior", a.post.RawMatrix().Data, b.post.RawMatrix().Data)
			same("Σ p x", a.num, b.num)
			same("mass", a.den, b.den)
			same("F, E[R]", []float64{a.f, a.cost}, []float64{b.f, b.cost})
		}
	}
}

// TestDAFusedFitMatchesOldPath runs whole annealing schedules and compares them with the
// figures recorded from the path before kernel.XtPAdd (commit 3aee17b: centroid sums by
// kernel.Gemm over chunks of 1024 rows; its posteriors were the row-by-row softmax's bits).
// The sums now round in another order, so the centroids may differ in the last bits; the
// level structure must not change: the same inner-iteration count, the same number of
// distinct centroids at every temperature and the same split temperatures; the final
// centroids agree within 1e-12 of the data scale s and the last level's F and E[R] within
// 1e-13 relative (measured: 1.6e-14 absolute, s ≈ 3; 4e-16 relative).
func TestDAFusedFitMatchesOldPath(t *testing.T) {
	for _, c := range []struct {
		n, d, k, workers, iter int
		distinct               []int
		splits                 []float64
		f, cost                float64
		cent                   []float64
	}{
		{5003, 2, 5, 2, 1486, []int{1, 1, 3, 3, 4, 4, 4, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5, 5}, []float64{17.251025003738818, 11.040656002392845, 5.652815873225139}, 13470.873058893942, 13470.957419978977, []float64{2.8294055201669877, 4.1028715005714504, 4.64344935225372, 1.2632347275601072, 2.6316797962183793, 8.656348216318072, 8.564805304201599, 8.633949833018322, 8.176507804124869, 3.939413256022839}},
		{1201, 2, 3, 3, 1133, []int{1, 1, 2, 2, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3, 3}, []float64{16.93109468520569, 10.835900598531643}, 6485.3145823557, 6485.317781251969, []float64{8.324549655330642, 5.847978241986857, 2.4224182760566806, 8.143914335026324, 3.7170343278590647, 2.6982444875342404}},
		{3001, 10, 16, 1, 1764, []int{1, 1, 2, 11, 13, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 15, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16, 16}, []float64{35.45615262484338, 28.3649220998747, 22.691937679899766, 18.153550143919816, 1.2475024667909087}, 20175.776995780972, 20175.82642058299, []float64{6.7562277726291065, 0.1951435485294081, 2.0195929850329843, 6.524451472033184, 6.2546991229379385, 8.331921704026048, 3.958567575098522, 6.013931706665038, 9.735854475424327, 4.9704623727928725, 9.862104280543864, 1.512077972667145, 0.041366943448429956, 5.968250149767147, 3.605691873985976, 3.1489447885745143, 8.575183869573554, 9.815615358932288, 2.415445274910738, 1.8993786550599032, 5.144917814008458, 4.964424128695794, 1.1404310028645641, 7.242907326264356, 9.53544352637921, 7.445123950115827, 8.238609234628157, 6.30514708740928, 4.373701447393664, 9.74482173801281, 1.3409981277216168, 3.944428889977519, 1.596003539971672, 2.360533177199904, 6.251692636441123, 0.11892316125676063, 7.006933354716855, 2.2647245539166634, 4.789292270336429, 6.544812497227998, 8.051150782769893, 0.6915302078739536, 1.769236013881929, 5.026998143154794, 3.03343584185606, 1.5369640608562198, 8.150002342511835, 4.598502050279415, 7.304100436107334, 8.770265849046522, 3.636674740264591, 4.945177686534797, 4.120408811075817, 7.939223143867317, 3.6459225661988026, 0.4489447454199718, 3.3825912508918083, 0.8399131336649276, 5.985197395707635, 6.322682513341078, 8.86910886065544, 1.4481539930716365, 1.9744405966162037, 5.010768551850109, 3.4282134164227505, 1.449763616357137, 7.793226312986156, 4.753702242734065, 7.2488043963047, 9.301179478735552, 9.632416744191291, 5.051625587257836, 3.8775268913444965, 1.4367187847364915, 0.5731152222899638, 1.8988257280704628, 6.291314088259756, 4.366923269562843, 6.010816007563645, 4.612555630417424, 6.326627565528121, 4.962173901992149, 5.609563896872633, 1.12720119687237, 7.615378036450689, 7.767544877083136, 7.1301365648352855, 1.3691413640755246, 2.8828324193797132, 0.4513758963284828, 1.7893280048278593, 0.4190926660279757, 3.3977834741445045, 3.9838301721203404, 0.10440045168931805, 0.05472257487143472, 3.49845678300484, 4.35565774495918, 1.4709581568288568, 0.8655705483654847, 3.3544761400875163, 5.615479872875652, 6.979295019531241, 3.699821761225582, 9.540731324146156, 3.0679660703863307, 1.0425248727387542, 6.5582403017214865, 6.613556912471743, 0.12695510097267734, 3.8042865506357, 4.8916143585416965, 8.979203168904691, 8.578871858471043, 0.09988550570408604, 3.9864495905166, 5.015190467470922, 2.497986218414062, 2.728995394709175, 8.63672318636114, 4.681581645148932, 9.464384893241569, 5.3336903192496585, 9.642524179284177, 0.34331152242121726, 1.8506967373969718, 9.75697773280475, 3.1799630822511213, 2.200481977120776, 0.6867549021248787, 5.365315704417357, 9.033428563990556, 3.9354143864696867, 8.236134223015974, 3.413845636962968, 2.3516620711480405, 3.34743525658206, 7.336531461148993, 6.207969775850036, 8.53125844643168, 0.14047915108273853, 1.7869412285964321, 1.9988912300348982, 7.954884853782973, 7.581526545170314, 2.4046334327039727, 3.485441205029362, 0.25320229314253223, 5.531735777134339, 6.3987754047570595, 9.020489170833859, 2.811587125141691, 2.9627441885190064, 9.543650319313572, 0.6783240911063096, 3.4214306104032, 7.684732539197221, 4.126474742162138, 9.088597195389344, 5.310600256220351}},
	} {
		x := daBenchData(c.n, c.d)
		res, err := DA{K: c.k, Schedule: gibbs.Schedule{Cooling: 0.8}, Tol: 1e-6, MaxIter: 300, Seed: 5,
			Workers: c.workers}.Fit(x)
		if err != nil {
			t.Fatal(err)
		}
		if len(res.Levels) != len(c.distinct) || res.Iter != c.iter || len(res.Splits) != len(c.splits) {
			t.Fatalf("n=%d d=%d K=%d: %d levels, %d inner iterations, %d splits; old path %d, %d, %d",
				c.n, c.d, c.k, len(res.Levels), res.Iter, len(res.Splits), len(c.distinct), c.iter, len(c.splits))
		}
		for l, lv := range res.Levels {
			if lv.Distinct != c.distinct[l] {
				t.Fatalf("n=%d K=%d level %d: %d distinct; old path %d", c.n, c.k, l, lv.Distinct, c.distinct[l])
			}
		}
		for i, v := range res.Splits {
			if v != c.splits[i] { // temperatures of the schedule: the same bits
				t.Fatalf("n=%d K=%d: split %d at T = %v, old path %v", c.n, c.k, i, v, c.splits[i])
			}
		}
		last := res.Levels[len(res.Levels)-1]
		if !(math.Abs(last.FreeEnergy-c.f) <= 1e-13*math.Abs(c.f)) || !(math.Abs(last.Cost-c.cost) <= 1e-13*math.Abs(c.cost)) {
			t.Fatalf("n=%d K=%d: last F = %v, E[R] = %v; old path %v, %v", c.n, c.k, last.FreeEnergy, last.Cost, c.f, c.cost)
		}
		for i, v := range res.Centroids.RawMatrix().Data {
			if !(math.Abs(v-c.cent[i]) <= 1e-12*res.Scale) {
				t.Fatalf("n=%d K=%d: centroid coordinate %d = %v, old path %v (s = %v)", c.n, c.k, i, v, c.cent[i], res.Scale)
			}
		}
	}
}
