//go:build !(js && wasm)

// Command livefig is the live-figure registry as a program. Built for the browser
// (GOOS=js GOARCH=wasm, main_js.go) it registers the JavaScript function sltkLive(name, value)
// that the book's pages call to redraw a figure. Built natively, as here, it writes what the
// browser test expects: for every figure, the numbers at its default and at two other values
// (livefig -expect), and with -time the native redraw time of each.
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"time"

	"github.com/sltk-book/sltk/sltk/live"
)

// Case is the expected outcome of one control position.
type Case struct {
	Value   float64            `json:"value"`
	Numbers map[string]float64 `json:"numbers"`
	Millis  float64            `json:"ms,omitempty"`
}

// Entry describes one live figure for the browser test.
type Entry struct {
	Name    string  `json:"name"`
	Chapter string  `json:"chapter"`
	Param   string  `json:"param"`
	Min     float64 `json:"min"`
	Max     float64 `json:"max"`
	Cases   []Case  `json:"cases"`
}

func main() {
	timing := flag.Bool("time", false, "also time each redraw (after a first draw)")
	flag.Parse()
	var out []Entry
	for _, f := range live.All() {
		vs := f.Param.Values
		e := Entry{Name: f.Name, Chapter: f.Chapter, Param: f.Param.Name, Min: vs[0], Max: vs[len(vs)-1]}
		if _, err := live.At(f.Name, f.Param.Default); err != nil { // warm the figure's fit
			fmt.Fprintln(os.Stderr, "livefig:", err)
			os.Exit(1)
		}
		for _, v := range []float64{f.Param.Default, vs[0], vs[len(vs)-1]} {
			start := time.Now()
			_, nums, err := live.Render(f.Name, v)
			if err != nil {
				fmt.Fprintln(os.Stderr, "livefig:", err)
				os.Exit(1)
			}
			c := Case{Value: v, Numbers: map[string]float64{}}
			if *timing {
				c.Millis = float64(time.Since(start).Microseconds()) / 1000
			}
			for _, n := range nums {
				c.Numbers[n.Name] = n.Value
			}
			e.Cases = append(e.Cases, c)
		}
		out = append(out, e)
	}
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", " ")
	if err := enc.Encode(out); err != nil {
		fmt.Fprintln(os.Stderr, "livefig:", err)
		os.Exit(1)
	}
}
