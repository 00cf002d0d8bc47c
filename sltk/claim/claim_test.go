package claim

import (
	"bytes"
	"errors"
	"math"
	"strings"
	"testing"
)

func mustPanic(t *testing.T, name string, f func()) {
	t.Helper()
	defer func() {
		r := recover()
		if r == nil {
			t.Fatalf("%s: expected a panic", name)
		}
		if !strings.HasPrefix(r.(string), "✘ claim:") {
			t.Fatalf("%s: panic %q lacks the failure marker", name, r)
		}
	}()
	f()
}

func TestClaims(t *testing.T) {
	var buf bytes.Buffer
	Out = &buf
	True("holds", true, "x")
	Close("close", 1.0000001, 1, 1e-6)
	AtMost("below", 1, 2)
	AtLeast("above", 2, 1)
	NonIncreasing("falls", []float64{3, 2, 2, 1}, 0)
	NonDecreasing("rises", []float64{1, 2, 2, 3}, 0)
	if n := strings.Count(buf.String(), Marker); n != 6 {
		t.Fatalf("want 6 pass lines, got %d:\n%s", n, buf.String())
	}
	buf.Reset()
	True("bare", true, "")
	True("detailed", true, "3 of 3")
	if want := Marker + " bare\n" + Marker + " detailed (3 of 3)\n"; buf.String() != want {
		t.Fatalf("claim lines %q, want %q (no \"()\" for an empty detail)", buf.String(), want)
	}
	mustPanic(t, "false", func() { True("no", false, "x") })
	mustPanic(t, "far", func() { Close("far", 1.1, 1, 1e-3) })
	mustPanic(t, "nan", func() { Close("nan", math.NaN(), 1, 1) })
	mustPanic(t, "above bound", func() { AtMost("b", 3, 2) })
	mustPanic(t, "below bound", func() { AtLeast("b", 1, 2) })
	mustPanic(t, "rise", func() { NonIncreasing("r", []float64{1, 2}, 0) })
	mustPanic(t, "fall", func() { NonDecreasing("f", []float64{2, 1}, 0) })
}

func TestMustAndNoError(t *testing.T) {
	if got := Must(3, nil); got != 3 {
		t.Fatalf("Must(3, nil) = %d", got)
	}
	for name, f := range map[string]func(){
		"Must":    func() { Must(0, errors.New("boom")) },
		"NoError": func() { NoError(errors.New("boom")) },
	} {
		func() {
			defer func() {
				r := recover()
				msg, _ := r.(string)
				if !strings.Contains(msg, "claim_test.go:") || !strings.Contains(msg, "boom") {
					t.Errorf("%s panicked with %q, want the calling line and the error", name, r)
				}
			}()
			f()
		}()
	}
	NoError(nil)
}

func TestThreeSignificantDigits(t *testing.T) {
	var buf bytes.Buffer
	Out = &buf
	Close("pi", 3.14159265, math.Pi, 1e-6)
	AtMost("tail", 0.0123456, 0.05)
	Close("near one", 0.9995, 1, 1e-3)
	want := []string{"got 3.14, want 3.14", "0.0123 ≤ 0.05", "got 0.9995, want 1"}
	for _, w := range want {
		if !strings.Contains(buf.String(), w) {
			t.Errorf("output lacks %q:\n%s", w, buf.String())
		}
	}
}
