package viz

import (
	"bytes"
	"errors"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"gonum.org/v1/plot/vg"
)

func TestReflowShowsOneImagePerPanel(t *testing.T) {
	figs := allFigures(t)
	a, b := figs["Title scatter"], figs["Title lines"]
	g, err := Reflow(2, a, b)
	if err != nil {
		t.Fatal(err)
	}
	s, err := reflowHTML(g)
	if err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(s, "flex-wrap:wrap") {
		t.Errorf("row does not wrap: %.120s", s)
	}
	svgs := regexp.MustCompile(`(?s)<svg .*?</svg>`).FindAllString(s, -1)
	if len(svgs) != 2 {
		t.Fatalf("%d images, want one per panel (2)", len(svgs))
	}
	for i, title := range []string{"Title scatter", "Title lines"} {
		if !strings.Contains(svgs[i], title) || strings.Contains(svgs[i], []string{"Title lines", "Title scatter"}[i]) {
			t.Errorf("image %d does not hold exactly panel %q", i, title)
		}
	}
	// each image has the size of its tile in the 1×2 grid: half the grid's width, its height
	w, h := g.Size()
	m := regexp.MustCompile(`width="([0-9.]+)pt" height="([0-9.]+)pt"`).FindStringSubmatch(svgs[0])
	if m == nil || m[1] != pt(w/2) || m[2] != pt(h) {
		t.Errorf("panel image %v, want %s×%s pt", m, pt(w/2), pt(h))
	}
	// Render and Save draw a Reflow grid as the grid it is
	one, err := Render(g, "svg")
	if err != nil {
		t.Fatal(err)
	}
	grid, err := NewGrid(1, 2, a, b)
	if err != nil {
		t.Fatal(err)
	}
	if two, err := Render(grid, "svg"); err != nil || !bytes.Equal(one, two) {
		t.Errorf("Render(Reflow) differs from Render(NewGrid(1, 2)) (err %v)", err)
	}
}

func TestReflowRows(t *testing.T) {
	figs := allFigures(t)
	g, err := Reflow(2, figs["Title scatter"], figs["Title lines"], figs["Title bars"])
	if err != nil {
		t.Fatal(err)
	}
	if g.Rows != 2 || g.Cols != 2 {
		t.Fatalf("3 panels, 2 to a row: %d×%d grid, want 2×2", g.Rows, g.Cols)
	}
	s, err := reflowHTML(g)
	if err != nil {
		t.Fatal(err)
	}
	_, h := g.Size()
	m := regexp.MustCompile(`height="([0-9.]+)pt"`).FindAllStringSubmatch(s, -1)
	if len(m) != 3 || m[2][1] != pt(h/2) {
		t.Errorf("panel heights %v, want three of %s pt", m, pt(h/2))
	}
	if !strings.Contains(s, "flex:1 1 50%") {
		t.Errorf("a panel does not take half the row: %.200s", s)
	}
	g.Title = "a <b> title"
	s, err = reflowHTML(g)
	if err != nil {
		t.Fatal(err)
	}
	m = regexp.MustCompile(`height="([0-9.]+)pt"`).FindAllStringSubmatch(s, -1)
	if !strings.Contains(s, ">a &lt;b&gt; title</div>") || len(m) != 3 || m[0][1] != pt(h/2) {
		t.Errorf("with a title: heights %v, want %s pt, and the escaped title above: %.300s",
			m, pt(h/2), s)
	}
}

func TestReflowErrors(t *testing.T) {
	if _, err := Reflow(2); !errors.Is(err, ErrEmpty) {
		t.Errorf("Reflow(2): %v, want ErrEmpty", err)
	}
	if _, err := Reflow(0, allFigures(t)["Title bar"]); !errors.Is(err, ErrArg) {
		t.Errorf("Reflow(0, ...): %v, want ErrArg", err)
	}
	if _, err := Reflow(1, nil); !errors.Is(err, ErrArg) {
		t.Errorf("Reflow(1, nil): %v, want ErrArg", err)
	}
}

func pt(l vg.Length) string { return strconv.FormatFloat(float64(l), 'g', -1, 64) }

// titleSizes returns the font sizes of the bold text (titles) of an SVG or HTML figure, by
// the title they belong to.
func titleSizes(s string) map[string][]float64 {
	out := map[string][]float64{}
	re := regexp.MustCompile(`font-weight:bold;[^"]*font-size:([0-9.]+)px[^"]*">([^<]*)<`)
	for _, m := range re.FindAllStringSubmatch(s, -1) {
		v, _ := strconv.ParseFloat(m[1], 64)
		out[m[2]] = append(out[m[2]], v)
	}
	return out
}

// TestGridTitlesShareOneSize: the titles of a grid's panels come out at one size, the
// smallest that any of them needs, in the grid drawn as one image, in a Reflow grid's panels
// and in a grid's phone layout; the caps are lifted afterwards, so a panel drawn alone keeps
// its own title size.
func TestGridTitlesShareOneSize(t *testing.T) {
	long, short := "a much longer panel title: 15 %", "short: 8 %" // the long one shrinks, unwrapped
	mk := func() []Drawer {
		var ps []Drawer
		for _, title := range []string{long, short, short, long} {
			f, err := Lines([]Series{{X: []float64{0, 1}, Y: []float64{0, 1}}}, Title(title))
			if err != nil {
				t.Fatal(err)
			}
			ps = append(ps, f)
		}
		return ps
	}
	check := func(name, s string) {
		t.Helper()
		sizes := titleSizes(s)
		if len(sizes[long]) == 0 || len(sizes[short]) == 0 {
			t.Fatalf("%s: titles not found: %v", name, sizes)
		}
		l := sizes[long][0]
		if l >= 14 {
			t.Fatalf("%s: the long title was not shrunk (%g px): no test", name, l)
		}
		for _, v := range append(sizes[long], sizes[short]...) {
			if v != l {
				t.Errorf("%s: title sizes %v, want all %g", name, sizes, l)
				break
			}
		}
	}
	ps := mk()
	g, err := NewGrid(1, 4, ps...)
	if err != nil {
		t.Fatal(err)
	}
	svg, err := Render(g, "svg")
	if err != nil {
		t.Fatal(err)
	}
	check("grid", string(svg))
	h, err := HTML(g) // wide grid and its phone stack
	if err != nil {
		t.Fatal(err)
	}
	wide, phone, ok := strings.Cut(h, `class="viz-phone"`)
	if !ok {
		t.Fatal("grid HTML: no phone layout")
	}
	check("grid HTML, wide", wide)
	check("grid HTML, phone", phone)
	r, err := Reflow(4, mk()...)
	if err != nil {
		t.Fatal(err)
	}
	if h, err = HTML(r); err != nil {
		t.Fatal(err)
	}
	check("reflow HTML", h)
	alone, err := Render(ps[1], "svg")
	if err != nil {
		t.Fatal(err)
	}
	if s := titleSizes(string(alone))[short]; len(s) != 1 || s[0] != 14 {
		t.Errorf("the short title drawn alone after the grid: sizes %v, want [14]", s)
	}
}
