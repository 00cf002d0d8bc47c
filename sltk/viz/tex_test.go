package viz

import (
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/gonum/mat"
	"gonum.org/v1/plot/vg"
	"gonum.org/v1/plot/vg/draw"
	"gonum.org/v1/plot/vg/recorder"
)

func TestTex(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"gliding histogram, h = 0.1", "gliding histogram, h = 0.1"},
		{"x_1", "x₁"},
		{`$x_1$ and $x_2$`, "x₁ and x₂"},
		{`\sigma^2`, "σ²"},
		{`\lambda_2`, "λ₂"},
		{`\beta = 0.5`, "β = 0.5"},
		{`e^{-t}`, "e⁻ᵗ"},
		{`e^{-R(c)/T}`, "exp(−R(c)/T)"},
		{`p(x) \propto e^{-R(c)/T}`, "p(x) ∝ exp(−R(c)/T)"},
		{`x^{a/b}`, "x^(a/b)"},
		{`(k/m)^{1/\ell}`, "(k/m)^(1/ℓ)"},
		{`\varepsilon_{UC}`, "ε_(UC)"},
		{`F_0^{(1/p)}`, "F₀^((1/p))"},
		{`10^{-3}`, "10⁻³"},
		{`\frac{1}{n}`, "1/n"},
		{`\frac{a+b}{2}`, "(a+b)/2"},
		{`\sqrt{n}`, "√n"},
		{`\hat{\theta}_{ij}`, "θ̂ᵢⱼ"},
		{`\mathrm{KL}(p \| q)`, "KL(p ‖ q)"},
		{`\|w\|_2`, "‖w‖₂"},
		{`w^\top x`, "wᵀ x"},
		{`\epsilon \le 0.1, \delta \ge 0`, "ε ≤ 0.1, δ ≥ 0"},
		{`\unknown{x}`, "unknownx"},
		{`trailing \`, `trailing \`},
		{`x_`, "x"},
		{"x_ij + λ_2", "xᵢⱼ + λ₂"}, // an unbraced script takes the whole run, as claim lines do
		{"2^-10 and 10^6", "2⁻¹⁰ and 10⁶"},
		{"H/H_opt", "H/Hₒₚₜ"},
		{"max_iter = 5, n_iter", "max_iter = 5, nᵢₜₑᵣ"},
		{`{{unbalanced}`, "unbalanced"},
	} {
		if got := Tex(c.in); got != c.want {
			t.Errorf("Tex(%q) = %q, want %q", c.in, got, c.want)
		}
		if got := Tex(Tex(c.in)); got != Tex(c.in) {
			t.Errorf("Tex is not idempotent on %q: %q", c.in, got)
		}
	}
}

// No figure text keeps TeX: titles, axis labels and legend entries are converted.
func TestNoRawTexInFigures(t *testing.T) {
	f := Must(Lines([]Series{{Name: `$e^{-R(c)/T}$`, Y: []float64{1, 2}}},
		Title(`annealing at $\beta = 1/T$`), XLabel(`$\lambda_2$`), YLabel(`$\sigma^2$`)))
	svg := string(Must(Render(f, "svg")))
	for _, want := range []string{"exp(−R(c)/T)", "annealing at β = 1/T", "λ₂", "σ²"} {
		if !strings.Contains(svg, want) {
			t.Errorf("figure lacks %q", want)
		}
	}
	for _, text := range regexp.MustCompile(`>([^<]*)</text>`).FindAllStringSubmatch(svg, -1) {
		if strings.ContainsAny(text[1], `\$^_{}`) {
			t.Errorf("raw TeX in figure text %q", text[1])
		}
	}
}

func TestLogTicksAtMostSix(t *testing.T) {
	for _, r := range [][2]float64{{1e-17, 1}, {1e-3, 1}, {3, 40}, {0.5, 2e5}, {1e-9, 1e9}, {2, 3}} {
		ts := logTicks{}.Ticks(r[0], r[1])
		var labels []string
		for _, tk := range ts {
			if tk.Label != "" {
				labels = append(labels, tk.Label)
			}
		}
		if len(labels) == 0 && r[1]/r[0] > 1.9 {
			t.Errorf("range %g..%g: no labels", r[0], r[1])
		}
		if len(labels) > maxLogLabels {
			t.Errorf("range %g..%g: %d labels %v", r[0], r[1], len(labels), labels)
		}
		powers := 0
		for _, l := range labels {
			if strings.Contains(l, "10") && strings.ContainsAny(l, "⁰¹²³⁴⁵⁶⁷⁸⁹") {
				powers++
			}
		}
		if powers != 0 && powers != len(labels) {
			t.Errorf("range %g..%g: mixed formats %v", r[0], r[1], labels)
		}
	}
	if got := logLabel(1e-3, false); got != "10⁻³" {
		t.Errorf("logLabel(1e-3) = %q", got)
	}
	if got := logLabel(2e5, false); got != "2×10⁵" {
		t.Errorf("logLabel(2e5) = %q", got)
	}
}

func TestClassesAndPoints(t *testing.T) {
	x := mat.NewDense(4, 2, []float64{0, 0, 1, 1, 2, 2, 3, 3})
	svg := string(Must(Render(Must(ScatterLabels(x, []int{2, 2, 0, 0}, nil,
		Classes("setosa", "versicolor", "virginica"))), "svg")))
	if !strings.Contains(svg, ">setosa<") || !strings.Contains(svg, ">virginica<") ||
		strings.Contains(svg, "versicolor") {
		t.Error("legend does not name exactly the classes shown")
	}
	// virginica (label 2) has palette colour 2 even when label 1 is absent.
	if !regexp.MustCompile(`#009[DE]73`).MatchString(svg) {
		t.Error("label 2 is not drawn in palette colour 2")
	}
	pts := string(Must(Render(Must(Lines([]Series{{Y: []float64{1, 2, 3}, Points: true}})), "svg")))
	line := string(Must(Render(Must(Lines([]Series{{Y: []float64{1, 2, 3}}})), "svg")))
	if strings.Count(pts, "stroke-width:1.8") != 0 || strings.Count(line, "stroke-width:1.8") == 0 {
		t.Error("a Points series is drawn with a line, or a default series without")
	}
	if _, err := Lines([]Series{{Y: []float64{1}}}, Classes("a")); err == nil {
		t.Error("Classes accepted by Lines")
	}
}

// Every character a figure draws has a glyph in Liberation Sans: Unicode scripts the font
// lacks (the ⁻ and ⁰ of log-axis labels, ₖ, ⱼ) are drawn as real scripts, so PNG and PDF output,
// which cannot fall back to another font, keep "10⁻³" instead of showing "10³".
func TestScriptsHaveGlyphs(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"10⁻³", "10\uE001−3\uE002"},
		{"2×10⁰", "2×10\uE0010\uE002"},
		{"x₁ + y²", "x₁ + y²"},       // the font has these
		{"C₃₀₀", "C\uE000300\uE002"}, // full-width subscript digits: a run would read spaced
		{"x₁₂ + x₃ + y²³", "x\uE00012\uE002 + x₃ + y²³"},
		{"10⁶", "10⁶"}, // a lone wide script stays
		{"θᵢⱼ", "θ\uE000ij\uE002"},
		{`e^{-t}`, "e\uE001−t\uE002"},
	} {
		if got := texRich(c.in); got != c.want {
			t.Errorf("texRich(%q) = %q, want %q", c.in, got, c.want)
		}
		if got := texRich(texRich(c.in)); got != texRich(c.in) {
			t.Errorf("texRich is not idempotent on %q", c.in)
		}
	}
	if len(noGlyph) == 0 || !noGlyph['⁻'] || noGlyph['²'] {
		t.Fatalf("noGlyph %q: want ⁻ missing and ² present", string(slices.Collect(maps.Keys(noGlyph))))
	}
	if !wideGlyph['₃'] || !wideGlyph['⁶'] || wideGlyph['²'] || wideGlyph['ᵢ'] || noGlyph['₃'] {
		t.Fatalf("wideGlyph %q: want ₃ and ⁶ wide, ² and ᵢ narrow", string(slices.Collect(maps.Keys(wideGlyph))))
	}
	f := Must(Lines([]Series{{Name: "σⱼ", X: []float64{1e-3, 1}, Y: []float64{1e-9, 1e3}}}, LogX(), LogY(),
		Title("x₉ and 10⁻⁴")))
	rec := &recorder.Canvas{}
	f.Draw(draw.Canvas{Canvas: rec, Rectangle: vg.Rectangle{Max: vg.Point{X: 576, Y: 345.6}}})
	drawn := 0
	for _, a := range rec.Actions {
		if fs, ok := a.(*recorder.FillString); ok {
			drawn++
			for _, r := range fs.String {
				if noGlyph[r] {
					t.Errorf("drawn text %q has %q, which the font lacks", fs.String, r)
				}
			}
		}
	}
	if drawn == 0 {
		t.Fatal("no text drawn")
	}
}

// Scripts without Unicode forms (capital or multi-letter subscripts such as F_Q, ε_{UC},
// T_c) are drawn as real scripts in figures: a separate, smaller text element on a lowered
// baseline, with no underscore or parenthesis left in the figure's text.
func TestTexRichScripts(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"F_Q", "F\uE000Q\uE002"},
		{`\varepsilon_{UC}`, "ε\uE000UC\uE002"},
		{"T_c", "T\uE000c\uE002"},
		{"x_{QR}^2", "x\uE000QR\uE002²"},
		{"A^T", "Aᵀ"},
		{"x_1", "x₁"},
		{"T·D_KL(Q‖P)", "T·D\uE000KL\uE002(Q‖P)"},
		{`e^{-R(c)/T}`, "exp(−R(c)/T)"},
	} {
		if got := texRich(c.in); got != c.want {
			t.Errorf("texRich(%q) = %q, want %q", c.in, got, c.want)
		}
		if got := texRich(texRich(c.in)); got != texRich(c.in) {
			t.Errorf("texRich is not idempotent on %q: %q", c.in, got)
		}
	}
	f := Must(Lines([]Series{{Name: `F_Q`, Y: []float64{1, 2}}, {Name: `F_{QR}`, Y: []float64{2, 1}}},
		XLabel(`\varepsilon_{UC}`), YLabel("A^T x")))
	svg := string(Must(Render(f, "svg")))
	texts := regexp.MustCompile(`<text [^>]*?(?:transform="([^"]*)")?[^>]*font-size:([0-9.]+)px[^>]*>([^<]*)</text>`).
		FindAllStringSubmatch(svg, -1)
	size := map[string]string{}
	for _, m := range texts {
		size[m[3]] = m[2]
		if strings.ContainsAny(m[3], "_\uE000\uE001\uE002") {
			t.Errorf("figure text %q keeps a script mark", m[3])
		}
	}
	for _, sub := range []string{"Q", "QR", "UC"} {
		if size[sub] == "" || size[sub] == "11" || size[sub] == "12" {
			t.Errorf("script %q drawn at font size %q, want a smaller one (texts %v)", sub, size[sub], size)
		}
	}
	if size["F"] != "11" || size["Aᵀ x"] != "12" {
		t.Errorf("base text sizes: F %q, Aᵀ x %q", size["F"], size["Aᵀ x"])
	}
	// The space after a script is kept as an advance: no text element starts with a space
	// (a browser would drop it), and " = 2" starts a space's width after the end of "c".
	sp := string(Must(Render(Must(Lines([]Series{{Y: []float64{1, 2}}}, Title("T_c = 2"))), "svg")))
	xs := map[string]float64{}
	for _, m := range regexp.MustCompile(`<text x="([0-9.]+)"[^>]*>([^<]*)</text>`).FindAllStringSubmatch(sp, -1) {
		if strings.HasPrefix(m[2], " ") {
			t.Errorf("text element %q starts with a space", m[2])
		}
		xs[m[2]], _ = strconv.ParseFloat(m[1], 64)
	}
	title := textStyle(sansFont, 12, inkColor)
	if gap := xs["= 2"] - xs["c"]; !(gap > title.Width(" ").Points()) {
		t.Errorf("'= 2' starts %.2f pt after 'c' (texts %v), want more than a space", gap, xs)
	}
	// The handler measures what it draws: the script is narrower than the base text.
	sty := textStyle(sansFont, 11, inkColor)
	if wr, wp := sty.Width("F_Q"), sty.Width("FQ"); !(wr < wp) {
		t.Errorf("width of F_Q %v, of FQ %v", wr, wp)
	}
	if h, d := sty.Height("F_Q"), sty.Height("FQ"); !(h > d) {
		t.Errorf("height of F_Q %v, of FQ %v: the lowered script adds depth", h, d)
	}
}
