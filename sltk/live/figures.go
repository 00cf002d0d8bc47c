package live

import (
	"fmt"
	"math"
	"sync"

	"github.com/sltk-book/sltk/sltk/bounds"
	"github.com/sltk-book/sltk/sltk/cluster"
	"github.com/sltk-book/sltk/sltk/density"
	"github.com/sltk-book/sltk/sltk/gibbs"
	"github.com/sltk-book/sltk/sltk/synth"
	"github.com/sltk-book/sltk/sltk/viz"
	"gonum.org/v1/gonum/floats"
	"gonum.org/v1/gonum/mat"
)

// once memoises an expensive fit that every redraw of a figure reads.
func once[T any](f func() (T, error)) func() (T, error) {
	return sync.OnceValues(f)
}

func init() {
	register(daTemperature())
	register(parzenBandwidth())
	register(hoeffdingSampleSize())
}

// levelAt returns the first level of an annealing run (temperatures falling) at or below t,
// or the last level when t is below them all.
func levelAt[L any](levels []L, temp func(L) float64, t float64) L {
	for _, l := range levels {
		if temp(l) <= t {
			return l
		}
	}
	return levels[len(levels)-1]
}

// daTemperature: SLT chapter 3. Deterministic annealing of six Gaussians, the points coloured
// by their most probable distinct centroid at temperature T: one centroid above the
// critical temperature, more as T falls through the splits.
func daTemperature() Figure {
	fit := once(func() (*cluster.DAResult, error) {
		x, _, _ := synth.SixGaussians(3)
		return cluster.DA{K: 6, Schedule: gibbs.Schedule{Cooling: 0.9}, Seed: 1}.Fit(x)
	})
	return Figure{
		Name: "da-temperature", Chapter: "slt/03",
		Param: Param{Name: "temperature T", Values: grid(0.2, 100, 28, true), Default: 6.32},
		Draw: func(t float64) (viz.Drawer, []Number, error) {
			res, err := fit()
			if err != nil {
				return nil, nil, err
			}
			lv := levelAt(res.Levels, func(l cluster.DALevel) float64 { return l.T }, t)
			x, _, _ := synth.SixGaussians(3)
			pos, ids, err := lv.DistinctCentroids()
			if err != nil {
				return nil, nil, err
			}
			labels, err := lv.GroupLabels(x)
			if err != nil {
				return nil, nil, err
			}
			for i, id := range labels { // group id -> row of pos
				for g, gid := range ids {
					if gid == id {
						labels[i] = g
					}
				}
			}
			// The title gives the schedule's temperature drawn, the last at or below t; the
			// legend is left off: cluster numbers say nothing, and on a phone it covers points.
			fig, err := viz.ScatterLabels(x, labels, pos, viz.EqualAxes(),
				viz.Title(fmt.Sprintf("Annealing step at T = %s (critical T %.3g)",
					formatValue(lv.T), res.Tc)), viz.XLabel("x₁"), viz.YLabel("x₂"))
			if err != nil {
				return nil, nil, err
			}
			fig.HideLegend()
			return fig, []Number{{"distinct centroids", float64(lv.Distinct)},
				{"free energy F", lv.FreeEnergy}}, nil
		},
	}
}

// parzenBandwidth: ML chapter 5. The Parzen (Gaussian-kernel) estimate of 200 draws of the
// bimodal mixture against the true density, and its mean log-likelihood on fresh draws.
func parzenBandwidth() Figure {
	data := once(func() ([2]*mat.Dense, error) {
		x, err := synth.Bimodal(200, 1)
		if err != nil {
			return [2]*mat.Dense{}, err
		}
		fresh, err := synth.Bimodal(2000, 2)
		return [2]*mat.Dense{x, fresh}, err
	})
	xs := floats.Span(make([]float64, 261), -6, 7)
	return Figure{
		Name: "parzen-bandwidth", Chapter: "ml/05",
		Param: Param{Name: "window width h", Values: grid(0.03, 3, 21, true), Default: 0.3},
		Draw: func(h float64) (viz.Drawer, []Number, error) {
			d, err := data()
			if err != nil {
				return nil, nil, err
			}
			m, err := density.KDE{Bandwidth: h}.Fit(d[0])
			if err != nil {
				return nil, nil, err
			}
			est, err := density.Curve(m, xs)
			if err != nil {
				return nil, nil, err
			}
			truth, err := viz.FuncSeries("true density", synth.BimodalPDF, xs)
			if err != nil {
				return nil, nil, err
			}
			score, err := m.Score(d[1])
			if err != nil {
				return nil, nil, err
			}
			var best float64
			for _, v := range d[1].RawMatrix().Data {
				best += math.Log(synth.BimodalPDF(v)) / float64(d[1].RawMatrix().Rows)
			}
			fig, err := viz.Lines([]viz.Series{truth, {Name: "Parzen estimate", X: xs, Y: est}},
				viz.Title(fmt.Sprintf("Parzen window, h = %s", formatValue(h))),
				viz.XLabel("x"), viz.YLabel("P̂(x)"))
			return fig, []Number{{"held-out log-likelihood", score},
				{"true density's", best}}, err
		},
	}
}

// hoeffdingSampleSize: AFDS chapter 2. The two-sided tail of the mean of n fair coins,
// exact and Hoeffding's bound 2exp(−2nd²), over the deviation d.
func hoeffdingSampleSize() Figure {
	ns := grid(10, 2000, 24, true)
	for i := range ns {
		ns[i] = math.Round(ns[i])
	}
	ds := floats.Span(make([]float64, 49), 0.01, 0.49)
	return Figure{
		Name: "hoeffding-n", Chapter: "afds/02",
		Param: Param{Name: "sample size n", Values: ns, Default: 100},
		Draw: func(nf float64) (viz.Drawer, []Number, error) {
			n := int(nf)
			exact, hoeff := make([]float64, len(ds)), make([]float64, len(ds))
			for i, d := range ds {
				var err error
				if exact[i], err = bounds.BinomialTwoSided(n, 0.5, d*nf); err != nil {
					return nil, nil, err
				}
				if hoeff[i], err = bounds.HoeffdingTwoSided(n, d, 0, 1); err != nil {
					return nil, nil, err
				}
				exact[i] = math.Max(exact[i], 1e-30)
				hoeff[i] = math.Max(math.Min(hoeff[i], 1), 1e-30)
			}
			e10, err := bounds.BinomialTwoSided(n, 0.5, 0.1*nf)
			if err != nil {
				return nil, nil, err
			}
			h10, err := bounds.HoeffdingTwoSided(n, 0.1, 0, 1)
			if err != nil {
				return nil, nil, err
			}
			fig, err := viz.Lines([]viz.Series{{Name: "Hoeffding 2exp(−2nd²)", X: ds, Y: hoeff},
				{Name: "exact", X: ds, Y: exact}}, viz.LogY(),
				viz.Title(fmt.Sprintf("Mean of n = %d fair coins: Pr(|X̄ − ½| ≥ d)", n)),
				viz.XLabel("deviation d"), viz.YLabel("probability"))
			return fig, []Number{{"exact at d = 0.1", e10}, {"Hoeffding at d = 0.1", h10}}, err
		},
	}
}
