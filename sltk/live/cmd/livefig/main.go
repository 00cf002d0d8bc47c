//go:build !(js && wasm)

// Command livefig is the live-figure registry as a program. Built for the browser
// (GOOS=js GOARCH=wasm, main_js.go) it registers the JavaScript function sltkLive(name, value)
// that the book's pages call to redraw a figure. Built natively, as here, it writes what the
// browser test expects: for every figure, the numbers at its default and at two other values,
// and with -time the native redraw time of each; with -frames, the frames of the figures the
// book redraws from precomputed frames (frames.go).
package main

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"strconv"
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

// Frame is one precomputed position of a figure's control: the SVG and the line of numbers
// that sltkLive returns for it.
type Frame struct {
	SVG  string `json:"svg"`
	HTML string `json:"html"`
}

// Frames are the precomputed frames of one figure, keyed by the value as the page writes it
// (strconv 'g', -1).
type Frames struct {
	Reason string           `json:"reason"`
	Frames map[string]Frame `json:"frames"`
}

func main() {
	timing := flag.Bool("time", false, "also time each redraw (after a first draw)")
	frames := flag.Bool("frames", false, "write the precomputed frames instead (frames.go)")
	flag.Parse()
	if *frames {
		write(allFrames())
		return
	}
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
	write(out)
}

// allFrames renders every value of every precomputed figure.
func allFrames() map[string]Frames {
	out := map[string]Frames{}
	for name, reason := range precomputed {
		f, err := live.Lookup(name)
		if err != nil {
			fmt.Fprintln(os.Stderr, "livefig:", err)
			os.Exit(1)
		}
		fs := Frames{Reason: reason, Frames: map[string]Frame{}}
		for _, v := range f.Param.Values {
			svg, nums, err := live.Render(name, v)
			if err != nil {
				fmt.Fprintln(os.Stderr, "livefig:", err)
				os.Exit(1)
			}
			fs.Frames[strconv.FormatFloat(v, 'g', -1, 64)] = Frame{SVG: string(svg),
				HTML: live.NumbersHTML(f.Param, v, nums)}
		}
		out[name] = fs
	}
	return out
}

// write prints v as indented JSON, or exits.
func write(v any) {
	enc := json.NewEncoder(os.Stdout)
	enc.SetIndent("", " ")
	if err := enc.Encode(v); err != nil {
		fmt.Fprintln(os.Stderr, "livefig:", err)
		os.Exit(1)
	}
}
