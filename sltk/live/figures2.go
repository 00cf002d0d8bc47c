package live

import (
	"fmt"
	"math"
	"strconv"

	"github.com/sltk-book/sltk/sltk/bounds"
	"github.com/sltk-book/sltk/sltk/classify"
	"github.com/sltk-book/sltk/sltk/cluster"
	"github.com/sltk-book/sltk/sltk/embed"
	"github.com/sltk-book/sltk/sltk/gibbs"
	"github.com/sltk-book/sltk/sltk/info"
	"github.com/sltk-book/sltk/sltk/mcmc"
	"github.com/sltk-book/sltk/sltk/online"
	"github.com/sltk-book/sltk/sltk/synth"
	"github.com/sltk-book/sltk/sltk/viz"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

func init() {
	register(gibbsTemperature())
	register(curieWeiss())
	register(knnK())
	register(pacEpsilon())
	register(mwuRate())
	register(projectionDim())
	register(chainMixing())
	register(bscNoise())
}

func stateNames(n int) []string {
	s := make([]string, n)
	for i := range s {
		s[i] = strconv.Itoa(i)
	}
	return s
}

// gibbsTemperature: SLT chapter 2. The Gibbs distribution exp(−R(c)/T)/Z on the treasure
// landscape: flat when hot, piled on the global minimum c* = 19 when cold.
func gibbsTemperature() Figure {
	return Figure{
		Name: "gibbs-temperature", Chapter: "slt/02",
		Param: Param{Name: "temperature T", Values: grid(0.05, 20, 27, true), Default: 0.5},
		Draw: func(t float64) (viz.Drawer, []Number, error) {
			costs := mcmc.TreasureLandscape()
			d, err := gibbs.New(costs, t)
			if err != nil {
				return nil, nil, err
			}
			p := d.P()
			fig, err := viz.Bar(stateNames(len(p)), p,
				viz.Title(fmt.Sprintf("Gibbs distribution on the treasure landscape, T = %s",
					formatValue(t))), viz.XLabel("hypothesis c"), viz.YLabel("p(c)"))
			return fig, []Number{{"p(c* = 19)", p[19]}, {"entropy H (nats)", d.H},
				{"E[R]", d.MeanR}}, err
		},
	}
}

// curieWeiss: ML chapter 3. The mean-field equation m = tanh(c·m) of a ferromagnet at
// c = β/β_c: both sides against m, with the non-negative root marked.
func curieWeiss() Figure {
	ms := floats.Span(make([]float64, 121), -1.2, 1.2)
	return Figure{
		Name: "curie-weiss", Chapter: "ml/03",
		Param: Param{Name: "coupling c", Values: grid(0.2, 3, 29, false), Default: 1.5},
		Draw: func(c float64) (viz.Drawer, []Number, error) {
			root, err := mcmc.CurieWeiss(c)
			if err != nil {
				return nil, nil, err
			}
			rhs, err := viz.FuncSeries("tanh(c·m)", func(m float64) float64 { return math.Tanh(c * m) }, ms)
			if err != nil {
				return nil, nil, err
			}
			fig, err := viz.Lines([]viz.Series{{Name: "m", X: ms, Y: ms, Dashed: true}, rhs,
				{Name: "solutions ±m*", X: []float64{-root, root}, Y: []float64{-root, root}, Points: true}},
				viz.Title(fmt.Sprintf("Mean-field equation m = tanh(c·m), c = %s", formatValue(c))),
				viz.XLabel("m"), viz.YLabel("value"), viz.LegendBottom())
			return fig, []Number{{"magnetisation m*", root}}, err
		},
	}
}

// knnK: AFDS chapter 1. The k-nearest-neighbour rule on two noisy moons: its decision
// labels on 500 fresh points and its accuracy there, from k = 1 (every training point its own island)
// to large k (a smooth boundary that ignores the moons' shape).
func knnK() Figure {
	data := once(func() ([4]any, error) {
		x, y, err := synth.Moons{N: 200, Noise: 0.3, Seed: 1}.Generate()
		if err != nil {
			return [4]any{}, err
		}
		xt, yt, err := synth.Moons{N: 500, Noise: 0.3, Seed: 2}.Generate()
		return [4]any{x, y, xt, yt}, err
	})
	return Figure{
		Name: "knn-k", Chapter: "afds/01",
		Param: Param{Name: "neighbours k", Values: []float64{1, 3, 5, 9, 15, 25, 41, 71, 121}, Default: 15},
		Draw: func(k float64) (viz.Drawer, []Number, error) {
			d, err := data()
			if err != nil {
				return nil, nil, err
			}
			x, y, xt, yt := d[0].(*mat.Dense), d[1].([]int), d[2].(*mat.Dense), d[3].([]int)
			m, err := classify.KNN{Neighbors: int(k)}.Fit(x, y)
			if err != nil {
				return nil, nil, err
			}
			pred, err := m.Predict(xt)
			if err != nil {
				return nil, nil, err
			}
			acc, err := classify.Accuracy(pred, yt)
			if err != nil {
				return nil, nil, err
			}
			fig, err := viz.ScatterLabels(xt, pred, nil, viz.Classes("upper moon", "lower moon"),
				viz.Title(fmt.Sprintf("%d-nearest neighbours on fresh points: accuracy %.3f", int(k), acc)))
			return fig, []Number{{"test accuracy", acc}}, err
		},
	}
}

// pacEpsilon: AFDS chapter 3. Sample sizes that guarantee error ε with probability 1 − δ
// (δ = 0.05) for a finite class, against ln|H|: realizable (Occam), agnostic and uniform
// convergence, at the ε the control sets.
func pacEpsilon() Figure {
	lnH := floats.Span(make([]float64, 41), 0, 40)
	return Figure{
		Name: "pac-epsilon", Chapter: "afds/03",
		Param: Param{Name: "error ε", Values: grid(0.01, 0.3, 19, true), Default: 0.1},
		Draw: func(eps float64) (viz.Drawer, []Number, error) {
			series := []viz.Series{{Name: "realisable"}, {Name: "agnostic"}, {Name: "uniform convergence"}}
			for _, l := range lnH {
				for i, f := range []func(a, b, c float64) (float64, error){bounds.Realizable,
					bounds.Agnostic, bounds.UniformConvergence} {
					m, err := f(l, eps, 0.05)
					if err != nil {
						return nil, nil, err
					}
					series[i].X, series[i].Y = append(series[i].X, l), append(series[i].Y, m)
				}
			}
			r, err := bounds.Realizable(math.Log(1000), eps, 0.05)
			if err != nil {
				return nil, nil, err
			}
			a, err := bounds.Agnostic(math.Log(1000), eps, 0.05)
			if err != nil {
				return nil, nil, err
			}
			fig, err := viz.Lines(series, viz.LogY(), viz.LegendBottom(),
				viz.Title(fmt.Sprintf("Examples needed for ε = %s, δ = 0.05", formatValue(eps))),
				viz.XLabel("ln |H|"), viz.YLabel("sample size m"))
			return fig, []Number{{"realisable m, |H| = 1000", r}, {"agnostic m, |H| = 1000", a}}, err
		},
	}
}

// mwuRate: AFDS chapter 4. Multiplicative weights on a table of random losses (50 experts,
// 1000 rounds): the regret over time at learning rate α, against the bound ln n/α + α L*.
func mwuRate() Figure {
	losses := once(func() (*mat.Dense, error) { return synth.LossTable{T: 1000, Seed: 1}.Generate() })
	return Figure{
		Name: "mwu-rate", Chapter: "afds/04",
		Param: Param{Name: "learning rate α", Values: grid(0.002, 0.5, 25, true), Default: 0.0502},
		Draw: func(alpha float64) (viz.Drawer, []Number, error) {
			l, err := losses()
			if err != nil {
				return nil, nil, err
			}
			tr, err := online.MWU{LearningRate: alpha}.Run(l)
			if err != nil {
				return nil, nil, err
			}
			_, experts := l.Dims()
			last := len(tr.Regret) - 1
			bound, err := online.MWUBound(experts, alpha, tr.BestExpert[last])
			if err != nil {
				return nil, nil, err
			}
			bound -= tr.BestExpert[last]
			fig, err := viz.Lines([]viz.Series{{Name: "regret of MWU", Y: tr.Regret},
				{Name: "bound ln n/α + α·L* at the end", X: []float64{0, float64(last)},
					Y: []float64{bound, bound}, Dashed: true}},
				viz.Title(fmt.Sprintf("Multiplicative weights, α = %s", formatValue(alpha))),
				viz.XLabel("round t"), viz.YLabel("expected loss − best expert's"))
			return fig, []Number{{"final regret", tr.Regret[last]}, {"bound on the regret", bound}}, err
		},
	}
}

// projectionDim: AFDS chapter 5. Random projection of 40 points of the cube in 500
// dimensions down to k: projected against original pairwise distances inside the band
// (1 ± ε)·before of the largest distortion ε, which falls like 1/√k (Johnson–Lindenstrauss).
func projectionDim() Figure {
	cube := once(func() (*mat.Dense, error) { return synth.Cube{N: 40, Dim: 500, Seed: 1}.Generate() })
	return Figure{
		Name: "projection-k", Chapter: "afds/05",
		Param: Param{Name: "target dimension k", Values: []float64{2, 5, 10, 20, 50, 100, 200},
			Default: 50},
		Draw: func(k float64) (viz.Drawer, []Number, error) {
			x, err := cube()
			if err != nil {
				return nil, nil, err
			}
			p, err := embed.RandomProjection{Components: int(k), Seed: 1}.Fit(x)
			if err != nil {
				return nil, nil, err
			}
			y, err := p.Transform(x)
			if err != nil {
				return nil, nil, err
			}
			dist, err := embed.MaxDistortion(x, y)
			if err != nil {
				return nil, nil, err
			}
			dx, err := cluster.SquaredDistances(x)
			if err != nil {
				return nil, nil, err
			}
			dy, err := cluster.SquaredDistances(y)
			if err != nil {
				return nil, nil, err
			}
			n, _ := x.Dims()
			pts := mat.NewDense(n*(n-1)/2, 2, nil)
			r, lo, hi := 0, math.Inf(1), 0.0
			for i := 0; i < n; i++ {
				for j := i + 1; j < n; j++ {
					before := math.Sqrt(dx.At(i, j))
					pts.Set(r, 0, before)
					pts.Set(r, 1, math.Sqrt(dy.At(i, j)))
					lo, hi = math.Min(lo, before), math.Max(hi, before)
					r++
				}
			}
			fig, err := viz.Scatter(pts, viz.Title(fmt.Sprintf(
				"Random projection 500 → %d: max distortion %.3f", int(k), dist)),
				viz.XLabel("distance before"), viz.YLabel("distance after"))
			if err != nil {
				return nil, nil, err
			}
			// The band (1 ± ε)·before holds every pair, with a pair on one of its edges (its lower
			// edge is at 0 once ε > 1).
			for _, l := range []struct {
				name  string
				scale float64
				c     int
			}{{"after = before", 1, 1}, {"(1 ± ε)·before", 1 + dist, 2}, {"", math.Max(0, 1-dist), 2}} {
				line := [][2]float64{{lo, l.scale * lo}, {hi, l.scale * hi}}
				if err := fig.AddPath(line, l.name, l.c); err != nil {
					return nil, nil, err
				}
			}
			return fig, []Number{{"max distortion ε", dist}}, nil
		},
	}
}

// chainMixing: AFDS chapter 6. The lazy walk of the treasure hunter on 25 states started at
// state 0: its distribution after t steps against the uniform stationary one, and their
// total-variation distance.
func chainMixing() Figure {
	vals := make([]float64, 0, 40)
	for _, t := range []int{0, 1, 2, 5, 10, 20, 50, 100, 200, 300, 500, 750, 1000, 1500, 2000, 3000} {
		vals = append(vals, float64(t))
	}
	return Figure{
		Name: "chain-mixing", Chapter: "afds/06",
		Param: Param{Name: "steps t", Values: vals, Default: 100},
		Draw: func(t float64) (viz.Drawer, []Number, error) {
			P, err := mcmc.TreasureHunter(25)
			if err != nil {
				return nil, nil, err
			}
			pi, err := mcmc.Stationary(P)
			if err != nil {
				return nil, nil, err
			}
			p := mat.NewVecDense(25, mcmc.Unit(25, 0))
			for s := 0; s < int(t); s++ {
				p.MulVec(P.T(), p)
			}
			tv, err := mcmc.TotalVariation(p.RawVector().Data, pi)
			if err != nil {
				return nil, nil, err
			}
			fig, err := viz.Bars(stateNames(25), []viz.BarSeries{
				{Name: fmt.Sprintf("after t = %d steps", int(t)), Values: p.RawVector().Data},
				{Name: "stationary", Values: pi}},
				viz.Title(fmt.Sprintf("Lazy walk from state 0, t = %d: TV distance %.3g", int(t), tv)),
				viz.XLabel("state"), viz.YLabel("probability"))
			return fig, []Number{{"TV distance to stationary", tv}}, err
		},
	}
}

// bscNoise: SLT chapter 10. The mutual information of the binary symmetric channel with flip
// probability ε as a function of the input distribution; its maximum, the capacity, found by
// Blahut–Arimoto.
func bscNoise() Figure {
	ps := floats.Span(make([]float64, 101), 0.001, 0.999)
	return Figure{
		Name: "bsc-capacity", Chapter: "slt/10",
		Param: Param{Name: "flip probability ε", Values: grid(0.01, 0.5, 26, false), Default: 0.108},
		Draw: func(eps float64) (viz.Drawer, []Number, error) {
			ch, err := info.BSC(eps)
			if err != nil {
				return nil, nil, err
			}
			res, err := info.BlahutArimoto{}.Run(ch)
			if err != nil {
				return nil, nil, err
			}
			mi := make([]float64, len(ps))
			for i, p := range ps {
				if mi[i], err = ch.MutualInformation([]float64{p, 1 - p}); err != nil {
					return nil, nil, err
				}
			}
			fig, err := viz.Lines([]viz.Series{{Name: "I(S; Ŝ)", X: ps, Y: mi},
				{Name: "capacity", X: []float64{res.Input[0]}, Y: []float64{res.Bits}, Points: true}},
				viz.Title(fmt.Sprintf("Binary symmetric channel, ε = %s", formatValue(eps))),
				viz.XLabel("Pr(S = 0)"), viz.YLabel("bits per use"))
			return fig, []Number{{"capacity (bits)", res.Bits}}, err
		},
	}
}
