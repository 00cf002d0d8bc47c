package viz

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/sltk-book/sltk/sltk/errs"
)

// Extreme but finite values get a figure or an error, never a hang or a panic.
func TestExtremeRanges(t *testing.T) {
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, err := Histogram([]float64{-1e308, 1e308}, 0, nil)
		if !errors.Is(err, ErrNotFinite) || !strings.Contains(err.Error(), "Histogram: sample range") {
			t.Errorf("Histogram{±1e308}: %v", err)
		}
		if _, err := Histogram([]float64{1, 2}, 1<<40, nil); !errors.Is(err, errs.ErrTooLarge) {
			t.Errorf("Histogram with 2^40 bins: %v", err)
		}
		for _, f := range []func() (*Figure, error){
			func() (*Figure, error) {
				return Lines([]Series{{Name: "a", X: []float64{-1e308, 1e308}, Y: []float64{1e308, -1e308}}})
			},
			func() (*Figure, error) {
				return Lines([]Series{{Name: "a", X: []float64{1e300, 1.000000000000001e300}, Y: []float64{1, 2}}})
			},
			func() (*Figure, error) {
				return Bars([]string{"a", "b"}, []BarSeries{{Name: "a", Values: []float64{-1e308, 1e308}}})
			},
		} {
			if fig, err := f(); err == nil {
				Render(fig, "svg")
			}
		}
		if n := len(Viridis(1 << 40).Colors()); n != 1<<16 {
			t.Errorf("Viridis(2^40) has %d colours", n)
		}
	}()
	select {
	case <-done:
	case <-time.After(20 * time.Second):
		t.Fatal("a plot of ±1e308 did not return")
	}
}
