package viz

import (
	"html"
	"regexp"
	"strconv"
	"strings"

	"gonum.org/v1/plot/font"
	"gonum.org/v1/plot/vg"
)

// svgText matches one text element of gonum's SVG output: its attributes, its style and its
// (escaped) content.
var svgText = regexp.MustCompile(`<text ([^>]*?)style="([^"]*)">([^<]*)</text>`)

var svgFontSize = regexp.MustCompile(`font-size:([0-9.]+)px`)

// fitText gives every text element of an SVG figure the width gonum measured when it laid the
// figure out (textLength, adjusting spacing and glyphs). gonum places legends, tick labels and
// titles with the metrics of the Liberation fonts; a browser without them substitutes a wider
// face (DejaVu Sans on most Linux desktops), and a legend entry then runs into its line
// sample or out of the figure. With textLength the browser draws the text in the space the
// layout gave it, whatever font it has. Cost: one measurement per text element.
func fitText(svg string) string {
	return svgText.ReplaceAllStringFunc(svg, func(el string) string {
		m := svgText.FindStringSubmatch(el)
		attrs, style, content := m[1], m[2], m[3]
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
	})
}
