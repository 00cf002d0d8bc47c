// Package claim turns a notebook's statements into checks. Each function prints one line that
// starts with "✔ claim:" when the statement holds, and panics with a line that starts with
// "✘ claim:" when it does not, so that a headless run of the notebook fails at that cell.
// Numbers are shown with three significant digits (more only where two compared values would
// otherwise print alike). The book builder counts the "✔ claim:" lines of every chapter and
// shows the lines of one cell as one quiet, expandable line ("✓ 4 checks").
//
// The functions are meant for notebooks and examples; library code returns errors instead.
package claim

import (
	"fmt"
	"io"
	"math"
	"os"
	"strconv"

	"github.com/sltk-book/sltk/sltk/internal/must"
)

// Out is where passing claims are reported; tests may redirect it.
var Out io.Writer = os.Stdout

// Marker starts every line printed for a claim that holds.
const Marker = "✔ claim:"

func pass(name, detail string) {
	fmt.Fprintf(Out, "%s %s\n", Marker, line(name, detail))
}

func fail(name, detail string) {
	panic("✘ claim: " + line(name, detail))
}

// line is a claim's name followed by its detail in parentheses; an empty detail adds nothing,
// so a claim without one does not end in a stray "()".
func line(name, detail string) string {
	if detail == "" {
		return name
	}
	return name + " (" + detail + ")"
}

// True checks a statement whose truth the caller computed; detail says what was measured.
func True(name string, holds bool, detail string) {
	if !holds {
		fail(name, detail)
	}
	pass(name, detail)
}

// Close checks |got − want| ≤ tol·max(1, |want|): an absolute tolerance for values near zero and
// a relative one for large values. NaN or Inf on either side fails.
func Close(name string, got, want, tol float64) {
	g, w := pair(got, want)
	detail := fmt.Sprintf("got %s, want %s, tol %.2g", g, w, tol)
	ok := !math.IsNaN(got) && !math.IsNaN(want) && !math.IsInf(got, 0) && !math.IsInf(want, 0) &&
		math.Abs(got-want) <= tol*math.Max(1, math.Abs(want))
	True(name, ok, detail)
}

// AtMost checks got ≤ bound (both finite), e.g. an empirical tail against its bound.
func AtMost(name string, got, bound float64) {
	ok := !math.IsNaN(got) && !math.IsNaN(bound) && got <= bound
	g, b := pair(got, bound)
	True(name, ok, fmt.Sprintf("%s ≤ %s", g, b))
}

// AtLeast checks got ≥ bound (both finite).
func AtLeast(name string, got, bound float64) {
	ok := !math.IsNaN(got) && !math.IsNaN(bound) && got >= bound
	g, b := pair(got, bound)
	True(name, ok, fmt.Sprintf("%s ≥ %s", g, b))
}

// NonIncreasing checks that a trace never rises by more than tol (relative to its scale),
// e.g. the cost of Lloyd iterations.
func NonIncreasing(name string, trace []float64, tol float64) {
	for i := 1; i < len(trace); i++ {
		if trace[i] > trace[i-1]+tol*math.Max(1, math.Abs(trace[i-1])) || math.IsNaN(trace[i]) {
			fail(name, fmt.Sprintf("step %d rises from %.10g to %.10g", i, trace[i-1], trace[i]))
		}
	}
	pass(name, fmt.Sprintf("%d steps, %.3g → %.3g", len(trace), first(trace), last(trace)))
}

// NonDecreasing checks that a trace never falls by more than tol (relative to its scale),
// e.g. the log-likelihood of EM.
func NonDecreasing(name string, trace []float64, tol float64) {
	neg := make([]float64, len(trace))
	for i, v := range trace {
		neg[i] = -v
	}
	for i := 1; i < len(neg); i++ {
		if neg[i] > neg[i-1]+tol*math.Max(1, math.Abs(neg[i-1])) || math.IsNaN(neg[i]) {
			fail(name, fmt.Sprintf("step %d falls from %.10g to %.10g", i, trace[i-1], trace[i]))
		}
	}
	pass(name, fmt.Sprintf("%d steps, %.3g → %.3g", len(trace), first(trace), last(trace)))
}

// pair formats two compared values with three significant digits, or with up to six when
// that shows a difference that three hide (0.9995 against 1 shows as 0.9995 and 1).
func pair(a, b float64) (string, string) {
	f := func(v float64, digits int) string { return strconv.FormatFloat(v, 'g', digits, 64) }
	if f(a, 3) == f(b, 3) && a != b {
		for digits := 4; digits <= 6; digits++ {
			if f(a, digits) != f(b, digits) {
				return f(a, digits), f(b, digits)
			}
		}
	}
	return f(a, 3), f(b, 3)
}

func first(v []float64) float64 {
	if len(v) == 0 {
		return math.NaN()
	}
	return v[0]
}

func last(v []float64) float64 {
	if len(v) == 0 {
		return math.NaN()
	}
	return v[len(v)-1]
}

// Must returns v, and panics with err and the calling line when err is not nil, in the style of
// template.Must: a notebook cell writes res := claim.Must(cluster.KMeans{K: 3}.Fit(x)) and a
// failure stops the cell with a message that says where.
func Must[T any](v T, err error) T { return must.Value(v, err) }

// NoError panics with err and the calling line when err is not nil; the counterpart of Must
// for calls that return only an error.
func NoError(err error) { must.NoError(err) }
