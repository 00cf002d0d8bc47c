package live_test

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/sltk-book/sltk/sltk/live"
)

// Every registered figure draws at its default and at its two ends, the figure changes with
// the value, and the numbers are finite (Render checks).
func TestEveryFigure(t *testing.T) {
	figs := live.All()
	if len(figs) == 0 {
		t.Fatal("no live figures registered")
	}
	for _, f := range figs {
		t.Run(f.Name, func(t *testing.T) {
			vals := f.Param.Values
			var last []byte
			for _, v := range []float64{f.Param.Default, vals[0], vals[len(vals)-1]} {
				svg, nums, err := live.Render(f.Name, v)
				if err != nil {
					t.Fatal(err)
				}
				if len(nums) == 0 || !bytes.Contains(svg, []byte("<svg")) {
					t.Fatalf("%s at %g: %d numbers, svg %d bytes", f.Name, v, len(nums), len(svg))
				}
				if last != nil && bytes.Equal(svg, last) {
					t.Errorf("%s: the figure at %g equals the one before", f.Name, v)
				}
				last = svg
			}
		})
	}
}

func ExampleAt() {
	nums, err := live.At("hoeffding-n", 100)
	if err != nil {
		panic(err)
	}
	fmt.Printf("%s: %.4f\n%s: %.4f\n", nums[0].Name, nums[0].Value, nums[1].Name, nums[1].Value)
	// Output:
	// exact at d = 0.1: 0.0569
	// Hoeffding at d = 0.1: 0.2707
}
