package viz

import (
	"fmt"
	"html"
	"os"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/janpfeifer/gonb/gonbui"
)

// ShowTable displays a small table: in GoNB as an HTML table, elsewhere as aligned plain
// text on standard output. Cells that parse as numbers are right-aligned. It fails on an
// empty header or a row whose length differs from the header's.
func ShowTable(header []string, rows [][]string) error {
	if err := checkTable(header, rows); err != nil {
		return err
	}
	if gonbui.IsNotebook {
		gonbui.DisplayHTML(tableHTML(header, rows))
		return flush()
	}
	_, err := fmt.Fprint(os.Stdout, tableText(header, rows))
	return err
}

// ShowFrame displays a gota DataFrame as ShowTable does, with its column names as header.
// A DataFrame carrying an error (df.Err) is reported instead of shown.
func ShowFrame(df dataframe.DataFrame) error {
	if df.Err != nil {
		return fmt.Errorf("viz: ShowFrame: data frame has an error: %v: %w", df.Err, ErrArg)
	}
	if df.Ncol() == 0 {
		return fmt.Errorf("viz: ShowFrame: data frame without columns: %w", ErrEmpty)
	}
	// gota's Records prints floats as %f (5.100000); the shortest exact form reads better.
	rows := make([][]string, df.Nrow())
	for i := range rows {
		rows[i] = make([]string, df.Ncol())
	}
	for j, name := range df.Names() {
		col := df.Col(name)
		for i := range rows {
			e := col.Elem(i)
			switch {
			case e.IsNA():
				rows[i][j] = ""
			case col.Type() == series.Float:
				rows[i][j] = strconv.FormatFloat(e.Float(), 'g', -1, 64)
			default:
				rows[i][j] = e.String()
			}
		}
	}
	return ShowTable(df.Names(), rows)
}

func checkTable(header []string, rows [][]string) error {
	if len(header) == 0 {
		return fmt.Errorf("viz: ShowTable: table without header: %w", ErrEmpty)
	}
	for i, r := range rows {
		if len(r) != len(header) {
			return fmt.Errorf("viz: ShowTable: table row %d has %d cells, header has %d: %w", i, len(r), len(header), ErrShape)
		}
	}
	return nil
}

func isNumber(s string) bool {
	_, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	return err == nil
}

// numericColumns marks columns whose every non-empty cell is a number.
func numericColumns(header []string, rows [][]string) []bool {
	num := make([]bool, len(header))
	for j := range header {
		num[j] = len(rows) > 0
		for _, r := range rows {
			if r[j] != "" && !isNumber(r[j]) {
				num[j] = false
				break
			}
		}
	}
	return num
}

// tableText lays the table out in columns separated by two spaces, with a rule under the
// header; numeric columns are right-aligned.
func tableText(header []string, rows [][]string) string {
	width := make([]int, len(header))
	for j, h := range header {
		width[j] = utf8.RuneCountInString(h)
	}
	for _, r := range rows {
		for j, c := range r {
			width[j] = max(width[j], utf8.RuneCountInString(c))
		}
	}
	num := numericColumns(header, rows)
	var b strings.Builder
	line := func(cells []string) {
		for j, c := range cells {
			pad := strings.Repeat(" ", width[j]-utf8.RuneCountInString(c))
			if j > 0 {
				b.WriteString("  ")
			}
			if num[j] {
				b.WriteString(pad + c)
			} else if j < len(cells)-1 {
				b.WriteString(c + pad)
			} else {
				b.WriteString(c)
			}
		}
		b.WriteString("\n")
	}
	line(header)
	rule := make([]string, len(header))
	for j := range rule {
		rule[j] = strings.Repeat("-", width[j])
	}
	line(rule)
	for _, r := range rows {
		line(r)
	}
	return b.String()
}

// tableHTML renders the table with light row rules and tabular figures; all text is escaped.
func tableHTML(header []string, rows [][]string) string {
	num := numericColumns(header, rows)
	align := func(j int) string {
		if num[j] {
			return "right"
		}
		return "left"
	}
	var b strings.Builder
	b.WriteString(`<table style="border-collapse:collapse;font-family:sans-serif;font-size:13px;font-variant-numeric:tabular-nums">`)
	b.WriteString("<thead><tr>")
	for j, h := range header {
		fmt.Fprintf(&b, `<th style="text-align:%s;padding:3px 10px;border-bottom:2px solid #333">%s</th>`, align(j), html.EscapeString(h))
	}
	b.WriteString("</tr></thead><tbody>")
	for _, r := range rows {
		b.WriteString("<tr>")
		for j, c := range r {
			fmt.Fprintf(&b, `<td style="text-align:%s;padding:3px 10px;border-bottom:1px solid #ddd">%s</td>`, align(j), html.EscapeString(c))
		}
		b.WriteString("</tr>")
	}
	b.WriteString("</tbody></table>")
	return b.String()
}

// Markdown displays Markdown (with $…$ and $$…$$ math) in GoNB, e.g. a sentence built from
// computed numbers; outside a notebook it prints the text. Notebooks call this rather than
// importing gonbui themselves, which GoNB would try to fetch from the module proxy.
func Markdown(md string) error {
	if gonbui.IsNotebook {
		gonbui.DisplayMarkdown(md)
		return flush()
	}
	_, err := fmt.Fprintln(os.Stdout, md)
	return err
}
