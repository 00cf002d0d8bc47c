package viz

import (
	"html"
	"regexp"
	"strconv"
	"strings"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
)

var svgFontSize = regexp.MustCompile(`font-size:([0-9.]+)px`)

// fitText gives every text element of an SVG figure the width gonum measured when it laid the
// figure out (textLength, adjusting spacing and glyphs). gonum places legends, tick labels and
// titles with the metrics of the Liberation fonts; a browser without them substitutes a wider
// face (DejaVu Sans on most Linux desktops), and a legend entry then runs into its line
// sample or out of the figure. With textLength the browser draws the text in the space the
// layout gave it, whatever font it has. Cost: one measurement per text element.
func fitText(svg string) string {
	var b strings.Builder
	b.Grow(len(svg) + len(svg)/16)
	for {
		i := strings.Index(svg, "<text ")
		if i < 0 {
			b.WriteString(svg)
			return b.String()
		}
		b.WriteString(svg[:i])
		attrs, style, content, n := textElement(svg[i:])
		if n == 0 { // not an element fitText rewrites: copy its opening and go on
			b.WriteString("<text ")
			svg = svg[i+len("<text "):]
			continue
		}
		b.WriteString(fitElement(svg[i:i+n], attrs, style, content))
		svg = svg[i+n:]
	}
}

// textElement parses the text element at the start of s, which starts with "<text ", as
// <text ATTRS style="STYLE">CONTENT</text> with ATTRS free of '>', STYLE free of '"' and
// CONTENT free of '<' (ATTRS the shortest that fits, so the first style attribute that
// completes the element). It returns the three parts and the element's length, or n = 0 when
// s does not start with such an element. A scan, not a regular expression: a live figure's
// redraw in the browser (sltk/live) renders thousands of elements, and the regexp's matcher
// took a tenth of its time.
func textElement(s string) (attrs, style, content string, n int) {
	const open, key, end = "<text ", `style="`, "</text>"
	body := s[len(open):]
	gt := strings.IndexByte(body, '>') // ATTRS stops before the first '>'
	if gt < 0 {
		gt = len(body)
	}
	for from := 0; ; {
		j := strings.Index(body[from:gt], key)
		if j < 0 {
			return "", "", "", 0
		}
		j += from
		from = j + 1
		rest := body[j+len(key):]
		q := strings.IndexByte(rest, '"')
		if q < 0 {
			return "", "", "", 0
		}
		if !strings.HasPrefix(rest[q:], `">`) {
			continue
		}
		after := rest[q+2:]
		lt := strings.IndexByte(after, '<')
		if lt < 0 || !strings.HasPrefix(after[lt:], end) {
			continue
		}
		n = len(s) - len(after) + lt + len(end)
		return body[:j], rest[:q], after[:lt], n
	}
}

// fitElement is fitText's rewrite of one text element el with its parts.
func fitElement(el, attrs, style, content string) string {
	size := svgFontSize.FindStringSubmatch(style)
	if size == nil || strings.TrimSpace(content) == "" || strings.Contains(attrs, "textLength") {
		return el
	}
	pt, err := strconv.ParseFloat(size[1], 64)
	if err != nil || pt <= 0 {
		return el
	}
	f := sansFont
	switch {
	case strings.Contains(style, "font-weight:bold"):
		f = boldFont
	case strings.Contains(style, "Mono"), strings.Contains(style, "Serif"):
		return el // not a face the figures use; leave it to the browser
	}
	f.Size = vg.Length(pt)
	face := font.DefaultCache.Lookup(f, f.Size)
	w := face.Width(html.UnescapeString(content))
	if w <= 0 {
		return el
	}
	return `<text ` + attrs + `textLength="` + strconv.FormatFloat(float64(w), 'f', 2, 64) +
		`" lengthAdjust="spacingAndGlyphs" style="` + style + `">` + content + `</text>`
}
