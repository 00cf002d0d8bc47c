package live

import (
	"fmt"

	"github.com/sltk-book/sltk/sltk/cluster"
	"github.com/sltk-book/sltk/sltk/gibbs"
	"github.com/sltk-book/sltk/sltk/synth"
	"github.com/sltk-book/sltk/sltk/viz"
)

func init() {
	register(histogramTemperature())
}

// histogramTemperature: SLT chapter 5. Histogram clustering by deterministic annealing of the
// 8×8 patches of the texture image (16 gray-value bins, K = 5): the centroid histograms at
// temperature T, all equal to the mean histogram when hot, separating as T falls.
func histogramTemperature() Figure {
	fit := once(func() (*cluster.HistResult, error) {
		counts, err := cluster.PatchCounts(synth.TextureImage(1), 8, 16, 0, 256)
		if err != nil {
			return nil, err
		}
		hist, err := cluster.HistogramsFromCounts(counts)
		if err != nil {
			return nil, err
		}
		return cluster.HistogramDA{K: 5, Schedule: gibbs.Schedule{Cooling: 0.9}, Seed: 3}.Fit(hist)
	})
	return Figure{
		Name: "histogram-temperature", Chapter: "slt/05",
		Param: Param{Name: "temperature T", Values: grid(0.1, 2, 21, true), Default: 0.6},
		Draw: func(t float64) (viz.Drawer, []Number, error) {
			res, err := fit()
			if err != nil {
				return nil, nil, err
			}
			lv := levelAt(res.Levels, func(l cluster.HistLevel) float64 { return l.T }, t)
			k, b := lv.Centroids.Dims()
			series := make([]viz.Series, k)
			width := 256 / float64(b) // gray values per bin, as in the chapter's Figure 5.5
			for c := range series {
				series[c].Name = fmt.Sprintf("q_%d", c+1)
				for j := range b {
					series[c].X = append(series[c].X, (float64(j)+0.5)*width)
					series[c].Y = append(series[c].Y, lv.Centroids.At(c, j))
				}
			}
			fig, err := viz.Lines(series, viz.LegendOutside(), viz.Title(fmt.Sprintf(
				"Annealing step at T = %s: %d distinct", formatValue(lv.T), lv.Distinct)),
				viz.XLabel("gray value (bin centre)"), viz.YLabel("q_k(y)"))
			return fig, []Number{{"distinct centroids", float64(lv.Distinct)},
				{"expected cost", lv.Cost}}, err
		},
	}
}
