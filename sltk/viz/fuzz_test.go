package viz

import (
	"strings"
	"testing"
	"unicode/utf8"

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

// Tex never panics, keeps valid text valid and leaves no dollar sign that the input did not
// escape. (Its idempotence is tested on real labels in TestTex: on arbitrary strings, groups
// left open and dollars between a script and its neighbour can re-parse differently.)
func FuzzTex(f *testing.F) {
	for _, s := range []string{"x_1", "λ_max", "D_KL(Q‖P)", "2^-10", "max_iter", `\frac{a}{b}`,
		`e^{-R(c)/T}`, "C₃₀₀", "10⁻³", `\hat{\theta}_{ij}`, "x_(", "^_^", `\`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		if !utf8.ValidString(s) {
			return
		}
		got := Tex(s)
		if !utf8.ValidString(got) {
			t.Fatalf("Tex(%q) = %q: invalid UTF-8", s, got)
		}
		if strings.Contains(got, "$") && !strings.Contains(s, `\$`) {
			t.Fatalf("Tex(%q) = %q keeps a dollar sign", s, got)
		}
		texRich(s)
	})
}
