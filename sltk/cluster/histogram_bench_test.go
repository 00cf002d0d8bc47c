package cluster

import (
	"testing"

	"github.com/sltk-book/sltk/sltk/gibbs"
)

// BenchmarkHistogramDA anneals 8 centroid histograms for 3·10³ histograms of 8 bins (100 draws
// each) through the default schedule.
func BenchmarkHistogramDA(b *testing.B) {
	h, _ := histData(3000, 100, 1)
	b.ReportAllocs()
	for b.Loop() {
		if _, err := (HistogramDA{K: 8, Schedule: gibbs.Schedule{Cooling: 0.85}, Seed: 1}).Fit(h); err != nil {
			b.Fatal(err)
		}
	}
}
