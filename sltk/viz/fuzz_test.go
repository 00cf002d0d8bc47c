package viz

import (
	"testing"

	"github.com/sltk-book/sltk/sltk/internal/fuzzdata"
)

// FuzzScatterLabels: any points and labels give a figure that renders, or an error; never a
// panic or a hang (the axis tick search must stop on extreme ranges).
func FuzzScatterLabels(f *testing.F) {
	f.Add([]byte("\x02aaaaaaaabbbbbbbbccccccccdddddddd"), []byte{0, 1})
	f.Fuzz(func(t *testing.T, b, y []byte) {
		x := fuzzdata.Matrix(b, 32)
		n := 0
		if x != nil {
			n, _ = x.Dims()
		}
		fig, err := ScatterLabels(x, fuzzdata.Labels(y, n, 3), nil)
		if err != nil {
			return
		}
		if _, err := Render(fig, "svg"); err != nil {
			t.Fatalf("a figure that ScatterLabels accepted does not render: %v", err)
		}
	})
}
