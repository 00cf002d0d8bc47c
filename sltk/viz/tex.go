package viz

import (
	"math"
	"strings"
	"unicode/utf8"

	xfont "golang.org/x/image/font"
	"golang.org/x/image/font/sfnt"
	"golang.org/x/image/math/fixed"
	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/font/liberation"
	"gonum.org/v1/plot/text"
	"gonum.org/v1/plot/vg"
)

// Tex turns the TeX-like math a label may contain into plain Unicode text, so that no raw TeX
// reaches a figure: Greek letters and common symbols (\sigma → σ, \le → ≤, \infty → ∞),
// subscripts and superscripts (x_1 → x₁, \sigma^2 → σ², e^{-t} → e⁻ᵗ), \frac{a}{b} → a/b,
// \sqrt{x} → √x, \hat{x} → x̂, and the contents of \mathrm, \text and friends. Dollar signs
// and grouping braces are dropped. A sub- or superscript with a character that has no Unicode
// form stays readable instead: e^{-R(c)/T} becomes exp(−R(c)/T), other bases x^(…) or x_(…).
// An unbraced script takes the whole run of letters and digits after the mark, as the book's
// claim lines do (λ_max, D_KL, 2^-10), unlike TeX; an underscore inside a name (max_iter)
// stays. Text without TeX passes through unchanged, and converted text converts to itself
// (Tex(Tex(s)) == Tex(s) for the labels of TestTex; not for every string: an escaped \$ or a
// group left open is written bare and reads differently the second time).
//
// Every figure of this package applies Tex to its title, axis labels, tick labels and legend
// entries (through the text handler of its styles), so callers may write labels either way.
func Tex(s string) string { return texConvert(s, false) }

// texRich is Tex for drawing: a sub- or superscript without a Unicode form is kept as text
// between the marks scriptSub or scriptSup and scriptEnd (F_Q → F, scriptSub, Q, scriptEnd),
// which the figures' text handler draws smaller and lowered or raised, instead of the linear
// form F_Q or ε_(UC) that Tex writes.
//
// It also redraws the Unicode scripts that the figures' font (Liberation Sans) has no glyph
// for as real scripts: a run of superscript or subscript characters with one such character
// (the ⁻ of "10⁻³") becomes the plain characters between the marks, so that PNG and PDF
// output, which cannot borrow a glyph from another font as a browser does, show "10", then a
// raised "−3", not "10³" with the minus lost. A run of two or more scripts that the font sets
// at full width (C₃₀₀) is redrawn the same way, so that its digits do not read spaced out.
func texRich(s string) string { return glyphScripts(texConvert(s, true)) }

// noGlyph holds the script characters of the superscripts and subscripts tables that the
// regular Liberation Sans face lacks (⁰ ⁹ ⁺ ⁻ ⁼ ⁽ ⁾ ⁱ, ₊ ₋ ₌ ₍ ₎ and some letters); wideGlyph
// those it has at the full advance of the character they raise or lower (₀–₉ and ⁶), so that
// a run of them reads spaced out: "C₃₀₀" as "C ₃ ₀ ₀".
var noGlyph, wideGlyph = func() (missing, wide map[rune]bool) {
	missing, wide = map[rune]bool{}, map[rune]bool{}
	for _, f := range liberation.Collection() {
		if f.Font.Variant != "Sans" || f.Font.Weight != xfont.WeightNormal || f.Font.Style != xfont.StyleNormal {
			continue
		}
		var buf sfnt.Buffer
		advance := func(r rune) (sfnt.GlyphIndex, fixed.Int26_6) {
			i, err := f.Face.GlyphIndex(&buf, r)
			if err != nil || i == 0 {
				return 0, 0
			}
			a, err := f.Face.GlyphAdvance(&buf, i, fixed.I(1000), xfont.HintingNone)
			if err != nil {
				return 0, 0
			}
			return i, a
		}
		for _, table := range []map[rune]rune{superscripts, subscripts} {
			for r, u := range table {
				i, a := advance(u)
				if i == 0 {
					missing[u] = true
				} else if _, plain := advance(r); r != u && a >= plain*9/10 {
					wide[u] = true
				}
			}
		}
	}
	return missing, wide
}()

// plainOf maps each Unicode script character back to the character it raises or lowers (the
// first in table order where two share one: ⁻ is −), and tells whether it raises it.
var plainOf = func() map[rune]scriptChar {
	m := map[rune]scriptChar{}
	for _, t := range []struct {
		from  string
		table map[rune]rune
		sup   bool
	}{{superscriptsFrom, superscripts, true}, {subscriptsFrom, subscripts, false}} {
		for _, r := range t.from {
			if u := t.table[r]; m[u].r == 0 {
				m[u] = scriptChar{r, t.sup}
			}
		}
	}
	return m
}()

type scriptChar struct {
	r   rune
	sup bool
}

// glyphScripts rewrites each run of superscript (or subscript) characters that contains one
// in noGlyph, or that is longer than one character and contains one in wideGlyph, as its
// plain characters between scriptSup (scriptSub) and scriptEnd; runs the font draws well stay
// as they are (a lone wide "x₁" only leaves a little space after it).
func glyphScripts(s string) string {
	if !strings.ContainsFunc(s, func(r rune) bool { return noGlyph[r] || wideGlyph[r] }) {
		return s
	}
	rs := []rune(s)
	var b strings.Builder
	for i := 0; i < len(rs); {
		p, ok := plainOf[rs[i]]
		if !ok {
			b.WriteRune(rs[i])
			i++
			continue
		}
		j, missing, wide := i, false, false
		for j < len(rs) {
			q, ok := plainOf[rs[j]]
			if !ok || q.sup != p.sup {
				break
			}
			missing = missing || noGlyph[rs[j]]
			wide = wide || wideGlyph[rs[j]]
			j++
		}
		if !missing && !(wide && j-i > 1) {
			b.WriteString(string(rs[i:j]))
			i = j
			continue
		}
		if p.sup {
			b.WriteRune(scriptSup)
		} else {
			b.WriteRune(scriptSub)
		}
		for _, r := range rs[i:j] {
			b.WriteRune(plainOf[r].r)
		}
		b.WriteRune(scriptEnd)
		i = j
	}
	return b.String()
}

func texConvert(s string, rich bool) string {
	if !strings.ContainsAny(s, `\^_${}`) {
		return s
	}
	p := texParser{src: s, rich: rich}
	return p.seq(false)
}

// Marks of a script in texRich's output: private-use runes that no label contains.
const (
	scriptSub = '\uE000'
	scriptSup = '\uE001'
	scriptEnd = '\uE002'
)

type texParser struct {
	src  string
	pos  int
	rich bool
}

// seq converts until the end of input or, inside a group, the closing brace.
func (p *texParser) seq(inGroup bool) string {
	var b strings.Builder
	for p.pos < len(p.src) {
		c := p.src[p.pos]
		switch c {
		case '}':
			p.pos++
			if inGroup {
				return b.String()
			}
		case '{':
			p.pos++
			b.WriteString(p.seq(true))
		case '$':
			p.pos++
		case '^', '_':
			if lin := p.linearScript(); lin != "" { // x^(…): a fallback Tex already wrote
				b.WriteString(lin)
				continue
			}
			if c == '_' && snakeCase(b.String()) { // n_iter, max_iter: a name, not a script
				b.WriteByte(c)
				p.pos++
				continue
			}
			p.pos++
			arg := p.word(c == '^')
			if arg == "" {
				arg = p.arg()
			}
			b.WriteString(script(b.String(), arg, c == '^', p.rich, &b))
		default:
			b.WriteString(p.atom())
		}
	}
	return b.String()
}

// linearScript returns the fallback form ^(…) or _(…) that script writes for an argument
// without Unicode glyphs, copied as it is and consumed, so that Tex(Tex(s)) == Tex(s); it
// returns "" (consuming nothing) when the input at p.pos is not of that form.
func (p *texParser) linearScript() string {
	if p.pos+1 >= len(p.src) || p.src[p.pos+1] != '(' {
		return ""
	}
	depth := 0
	for i := p.pos + 1; i < len(p.src); i++ {
		switch p.src[i] {
		case '(':
			depth++
		case ')':
			depth--
			if depth == 0 {
				lin := p.src[p.pos : i+1]
				p.pos = i + 1
				return lin
			}
		}
	}
	return ""
}

// atom converts one character or one command.
func (p *texParser) atom() string {
	c := p.src[p.pos]
	if c != '\\' {
		r, n := utf8.DecodeRuneInString(p.src[p.pos:])
		p.pos += n
		if r == '~' {
			return " "
		}
		return string(r)
	}
	p.pos++
	start := p.pos
	for p.pos < len(p.src) && isLetter(p.src[p.pos]) {
		p.pos++
	}
	name := p.src[start:p.pos]
	if name == "" { // \{ \} \, \; \% \_ and friends: one character
		if p.pos >= len(p.src) {
			return `\`
		}
		ch := p.src[p.pos]
		p.pos++
		switch ch {
		case ',', ';', ':', ' ', '!':
			return " "
		case '|':
			return "‖"
		}
		return string(ch)
	}
	if sym, ok := texSymbols[name]; ok {
		return sym
	}
	switch name {
	case "frac":
		num, den := p.arg(), p.arg()
		return wrap(num) + "/" + wrap(den)
	case "sqrt":
		return "√" + wrap(p.arg())
	case "hat", "widehat":
		return p.arg() + "\u0302"
	case "bar", "overline":
		return p.arg() + "\u0304"
	case "tilde", "widetilde":
		return p.arg() + "\u0303"
	case "vec", "mathbf", "mathrm", "text", "textrm", "mathit", "operatorname", "mathcal",
		"mathbb", "boldsymbol", "textbf", "textit", "mbox", "emph":
		return p.arg()
	case "left", "right", "big", "Big", "bigl", "bigr", "displaystyle":
		return ""
	}
	return name // an unknown command shows its name, never a backslash
}

// word reads the unbraced argument of a script as the book's claim lines do (tools/book.py):
// a run of ASCII letters and digits, after a sign for a superscript, so that λ_max, D_KL and
// 2^-10 read as λ_{max}, D_{KL} and 2^{-10}; it returns "" (consuming nothing) when no such
// run follows. (TeX itself would take one character.)
func (p *texParser) word(sup bool) string {
	i := p.pos
	if sup && i < len(p.src) && (p.src[i] == '+' || p.src[i] == '-') {
		i++
	}
	j := i
	for j < len(p.src) && (isLetter(p.src[j]) || p.src[j] >= '0' && p.src[j] <= '9') {
		j++
	}
	if j == i {
		return ""
	}
	w := p.src[p.pos:j]
	p.pos = j
	return w
}

// snakeCase tells whether text written so far ends in two ASCII letters, so that an
// underscore after it joins a word (max_iter) rather than starting a subscript (x_1, λ_max).
func snakeCase(before string) bool {
	n := len(before)
	return n >= 2 && isLetter(before[n-1]) && isLetter(before[n-2])
}

// arg reads one argument: a {group} or a single atom; spaces and dollars before it are skipped.
func (p *texParser) arg() string {
	for p.pos < len(p.src) && (p.src[p.pos] == ' ' || p.src[p.pos] == '$') {
		p.pos++
	}
	if p.pos >= len(p.src) {
		return ""
	}
	if p.src[p.pos] == '{' {
		p.pos++
		return p.seq(true)
	}
	return p.atom()
}

func isLetter(c byte) bool { return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' }

// wrap puts parentheses around a fraction part or root argument of more than one symbol.
func wrap(s string) string {
	if utf8.RuneCountInString(s) <= 1 || !strings.ContainsAny(s, "+−-/ ·×") {
		return s
	}
	return "(" + s + ")"
}

// script returns arg as a superscript (sup) or subscript in Unicode. When some character of
// arg has no such form, it falls back to a readable linear form; for e^{…} that is exp(…),
// which replaces the "e" already written to b. With rich set, the fallback other than exp is
// arg between script marks (see texRich), for the figures to draw as a real script.
func script(before, arg string, sup, rich bool, b *strings.Builder) string {
	table := subscripts
	if sup {
		table = superscripts
	}
	var out strings.Builder
	for _, r := range arg {
		m, ok := table[r]
		if !ok {
			out.Reset()
			break
		}
		out.WriteRune(m)
	}
	if out.Len() > 0 || arg == "" {
		return out.String()
	}
	arg = strings.ReplaceAll(arg, "-", "−")
	if sup && strings.HasSuffix(before, "e") && (len(before) == 1 || !isLetter(before[len(before)-2])) {
		b.Reset()
		b.WriteString(strings.TrimSuffix(before, "e"))
		return "exp(" + arg + ")"
	}
	if rich {
		open := scriptSub
		if sup {
			open = scriptSup
		}
		return string(open) + arg + string(scriptEnd)
	}
	mark := "_"
	if sup {
		mark = "^"
	}
	if utf8.RuneCountInString(arg) == 1 {
		return mark + arg
	}
	return mark + "(" + arg + ")"
}

var texSymbols = map[string]string{
	"alpha": "α", "beta": "β", "gamma": "γ", "delta": "δ", "epsilon": "ε", "varepsilon": "ε",
	"zeta": "ζ", "eta": "η", "theta": "θ", "vartheta": "ϑ", "iota": "ι", "kappa": "κ",
	"lambda": "λ", "mu": "μ", "nu": "ν", "xi": "ξ", "pi": "π", "rho": "ρ", "sigma": "σ",
	"tau": "τ", "upsilon": "υ", "phi": "φ", "varphi": "φ", "chi": "χ", "psi": "ψ", "omega": "ω",
	"Gamma": "Γ", "Delta": "Δ", "Theta": "Θ", "Lambda": "Λ", "Xi": "Ξ", "Pi": "Π",
	"Sigma": "Σ", "Phi": "Φ", "Psi": "Ψ", "Omega": "Ω",
	"infty": "∞", "le": "≤", "leq": "≤", "ge": "≥", "geq": "≥", "ne": "≠", "neq": "≠",
	"approx": "≈", "sim": "∼", "propto": "∝", "cdot": "·", "times": "×", "pm": "±",
	"to": "→", "rightarrow": "→", "leftarrow": "←", "mapsto": "↦", "in": "∈", "sum": "Σ",
	"prod": "Π", "partial": "∂", "nabla": "∇", "ell": "ℓ", "top": "ᵀ", "log": "log",
	"ln": "ln", "exp": "exp", "min": "min", "max": "max", "arg": "arg", "det": "det",
	"mid": "|", "ldots": "…", "dots": "…", "cdots": "⋯", "quad": "  ", "qquad": "    ",
	"star": "⋆", "ast": "∗", "circ": "∘", "langle": "⟨", "rangle": "⟩", "lVert": "‖",
	"rVert": "‖", "Vert": "‖", "equiv": "≡", "forall": "∀", "exists": "∃",
}

// The characters that have Unicode superscript and subscript forms, in table order.
const (
	superscriptsFrom = "0123456789+−-=()niT" + "abcdefghjklmoprstuvwxyz" + "ABDEGHIJKLMNOPRUW" + "βγδθφχᵀ"
	subscriptsFrom   = "0123456789+−-=()" + "aehijklmnoprstuvx" + "βγρφχ"
)

var superscripts = runeMap(superscriptsFrom,
	"⁰¹²³⁴⁵⁶⁷⁸⁹⁺⁻⁻⁼⁽⁾ⁿⁱᵀ"+"ᵃᵇᶜᵈᵉᶠᵍʰʲᵏˡᵐᵒᵖʳˢᵗᵘᵛʷˣʸᶻ"+"ᴬᴮᴰᴱᴳᴴᴵᴶᴷᴸᴹᴺᴼᴾᴿᵁᵂ"+"ᵝᵞᵟᶿᵠᵡᵀ")

var subscripts = runeMap(subscriptsFrom,
	"₀₁₂₃₄₅₆₇₈₉₊₋₋₌₍₎"+"ₐₑₕᵢⱼₖₗₘₙₒₚᵣₛₜᵤᵥₓ"+"ᵦᵧᵨᵩᵪ")

func runeMap(from, to string) map[rune]rune {
	f, t := []rune(from), []rune(to)
	if len(f) != len(t) {
		panic("viz: script table of unequal lengths")
	}
	m := make(map[rune]rune, len(f))
	for i, r := range f {
		m[r] = t[i]
		m[t[i]] = t[i] // converted text converts to itself
	}
	return m
}

// texHandler is gonum's plain text handler with Tex applied to every string it draws or
// splits into lines, in its rich form (texRich): a script that Unicode cannot write (F_Q,
// \varepsilon_{UC}, T_c) is drawn as a real script, in a smaller font (scriptFont) and
// lowered or raised, not as F_Q. gonum measures lines through Lines and Box, and Box and Draw
// agree on the scripts, so layouts leave room for them. stylePlot installs it on all text of a
// figure.
type texHandler struct{ text.Plain }

func (h texHandler) Lines(txt string) []string { return h.Plain.Lines(texRich(txt)) }

// Box is Plain's box of the line with its scripts: their smaller width, and the depth of a
// lowered or the height of a raised script where it reaches beyond the font's extents.
func (h texHandler) Box(txt string, fnt font.Font) (width, height, depth vg.Length) {
	ext := h.Extents(fnt)
	height, depth = ext.Ascent, ext.Descent
	for _, sg := range scriptSegments(texRich(txt), fnt) {
		face := h.Fonts.Lookup(sg.font, sg.font.Size)
		width += face.Width(sg.text)
		e := face.Extents()
		height, depth = max(height, e.Ascent+sg.rise), max(depth, e.Descent-sg.rise)
	}
	return width, height, depth
}

// Draw is Plain.Draw with each line drawn segment by segment (scriptSegments).
func (h texHandler) Draw(c vg.Canvas, txt string, sty text.Style, pt vg.Point) {
	txt = strings.TrimRight(texRich(txt), "\n")
	if !strings.ContainsAny(txt, string([]rune{scriptSub, scriptSup})) {
		h.Plain.Draw(c, txt, sty, pt)
		return
	}
	fnt := h.Fonts.Lookup(sty.Font, sty.Font.Size)
	c.SetColor(sty.Color)
	if sty.Rotation != 0 {
		c.Push()
		c.Rotate(sty.Rotation)
	}
	sin64, cos64 := math.Sincos(sty.Rotation)
	cos, sin := vg.Length(cos64), vg.Length(sin64)
	pt.X, pt.Y = pt.Y*sin+pt.X*cos, pt.Y*cos-pt.X*sin
	lines := h.Lines(txt)
	pt.Y += sty.Height(txt)*vg.Length(sty.YAlign) - fnt.Extents().Ascent
	for i, line := range lines {
		w, _, _ := h.Box(line, sty.Font)
		at := pt.Add(vg.Point{X: vg.Length(sty.XAlign) * w, Y: vg.Length(len(lines)-i) * sty.Font.Size})
		for _, sg := range scriptSegments(line, sty.Font) {
			face := h.Fonts.Lookup(sg.font, sg.font.Size)
			// A browser drops the leading spaces of an SVG text element ("T_c = 1" would read
			// "Tc= 1"), so they become an advance of the pen instead.
			text := strings.TrimLeft(sg.text, " ")
			at.X += face.Width(sg.text[:len(sg.text)-len(text)])
			c.FillString(face, at.Add(vg.Point{Y: sg.rise}), text)
			at.X += face.Width(text)
		}
	}
	if sty.Rotation != 0 {
		c.Pop()
	}
}

// scriptSegment is a run of text of one script level: its font and baseline offset.
type scriptSegment struct {
	text string
	font font.Font
	rise vg.Length
}

// scriptFont returns the font of a script on a base font of size s: three quarters of s, but
// not below 9 pt unless s itself is smaller, so that scripts stay as legible as the book's
// smallest figure text (MinTextPx on a phone, see phoneSize).
func scriptFont(f font.Font) font.Font {
	f.Size = max(f.Size*3/4, min(f.Size, vg.Points(minPhoneTextPt)))
	return f
}

// scriptSegments splits a line of texRich output into runs of text at one script level.
// A subscript is lowered by a fifth of its base font's size, a superscript raised by two
// fifths; nested scripts shrink and move again. Unbalanced marks are tolerated.
func scriptSegments(line string, base font.Font) []scriptSegment {
	type level struct {
		font font.Font
		rise vg.Length
	}
	stack := []level{{base, 0}}
	var segs []scriptSegment
	var cur strings.Builder
	flush := func() {
		if cur.Len() > 0 {
			top := stack[len(stack)-1]
			segs = append(segs, scriptSegment{cur.String(), top.font, top.rise})
			cur.Reset()
		}
	}
	for _, r := range line {
		switch r {
		case scriptSub, scriptSup:
			flush()
			top := stack[len(stack)-1]
			shift := -top.font.Size / 5
			if r == scriptSup {
				shift = top.font.Size * 2 / 5
			}
			stack = append(stack, level{scriptFont(top.font), top.rise + shift})
		case scriptEnd:
			flush()
			if len(stack) > 1 {
				stack = stack[:len(stack)-1]
			}
		default:
			cur.WriteRune(r)
		}
	}
	flush()
	return segs
}

// texStyle is the handler every text style of this package uses.
var texStyle = texHandler{text.Plain{Fonts: font.DefaultCache}}
