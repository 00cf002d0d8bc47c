package badinput

import (
	"math"
	"reflect"
	"strings"
	"testing"
)

// The one-at-a-time corpus changes one argument (or one field) from a baseline, so it never
// reaches a limit that only a combination breaks: a product of two counts each within its own
// cap (runs × steps, rows × columns), or a field that matters only when another selects its
// mode (PCA's PowerIter only with the randomized solver). combos adds those calls.

// pairCount is a count that every single-count cap accepts while the product of two is 2^40.
const pairCount = 1 << 20

// countKind reports whether t is a signed integer kind: a count, or an enum when named. (The
// library's unsigned integers are seeds.)
func countKind(t reflect.Type) bool {
	switch t.Kind() {
	case reflect.Int, reflect.Int64, reflect.Int32:
		return true
	}
	return false
}

// setCount sets v (a signed integer kind) to x.
func setCount(v reflect.Value, x int64) { v.SetInt(x) }

// modeValues are the values that switch a mode on: true for a bool, 1–3 for a named integer
// type (an enum such as a solver or a Laplacian kind).
func modeValues(t reflect.Type) []variant {
	switch {
	case t.Kind() == reflect.Bool:
		return []variant{{"true", reflect.ValueOf(true).Convert(t)}}
	case countKind(t) && t.PkgPath() != "":
		var vs []variant
		for x := int64(1); x <= 3; x++ {
			v := reflect.New(t).Elem()
			setCount(v, x)
			vs = append(vs, variant{"mode " + string(rune('0'+x)), v})
		}
		return vs
	}
	return nil
}

// structCombos returns the combined variants of a struct type under profile p: every pair of
// count fields at pairCount, and every mode field switched on with each other field at an
// extreme (counts at 2^40, floats NaN and 1e308).
func structCombos(t reflect.Type, p int) []variant {
	var fields []int
	for i := 0; i < t.NumField(); i++ {
		if t.Field(i).IsExported() {
			fields = append(fields, i)
		}
	}
	var vs []variant
	for a, i := range fields {
		for _, j := range fields[a+1:] {
			fi, fj := t.Field(i), t.Field(j)
			if countKind(fi.Type) && countKind(fj.Type) && fi.Type.PkgPath() == "" && fj.Type.PkgPath() == "" {
				s := baseline(t, p, 0)
				setCount(s.Field(i), pairCount)
				setCount(s.Field(j), pairCount)
				vs = append(vs, variant{"{" + fi.Name + ", " + fj.Name + ": 2^20}", s})
			}
		}
	}
	for _, i := range fields {
		for _, mode := range modeValues(t.Field(i).Type) {
			for _, j := range fields {
				if j == i {
					continue
				}
				fj := t.Field(j)
				for _, ext := range extremes(fj.Type) {
					s := baseline(t, p, 0)
					s.Field(i).Set(mode.v)
					s.Field(j).Set(ext.v)
					vs = append(vs, variant{"{" + t.Field(i).Name + ": " + mode.name + ", " + fj.Name + ": " + ext.name + "}", s})
				}
			}
		}
	}
	return vs
}

// extremes are the values a mode-dependent field is tried at.
func extremes(t reflect.Type) []variant {
	mk := func(name string, x any) variant { return variant{name, conv(reflect.ValueOf(x), t)} }
	switch {
	case countKind(t) && t.PkgPath() == "":
		return []variant{mk("2^40", int64(huge))}
	case t.Kind() == reflect.Float64:
		return []variant{mk("NaN", math.NaN()), mk("1e308", 1e308)}
	}
	return nil
}

// comboCases returns the combined calls of entry point fn under profile p: its struct (or
// pointer-to-struct) arguments, the receiver among them, at each combined variant, and every
// pair of plain integer arguments at pairCount.
func comboCases(row string, fn reflect.Value, p int) []testCase {
	t := fn.Type()
	var out []testCase
	for i := 0; i < t.NumIn(); i++ {
		in := t.In(i)
		switch {
		case in.Kind() == reflect.Struct:
			for _, v := range structCombos(in, p) {
				out = append(out, testCase{row: row, fn: fn, prof: p, arg: i, bad: v, arg2: -1, combo: true})
			}
		case in.Kind() == reflect.Pointer && in.Elem().Kind() == reflect.Struct:
			for _, v := range structCombos(in.Elem(), p) {
				ptr := reflect.New(in.Elem())
				ptr.Elem().Set(v.v)
				out = append(out, testCase{row: row, fn: fn, prof: p, arg: i, bad: variant{"&" + v.name, ptr}, arg2: -1, combo: true})
			}
		}
	}
	for i := 0; i < t.NumIn(); i++ {
		for j := i + 1; j < t.NumIn(); j++ {
			a, b := t.In(i), t.In(j)
			if countKind(a) && countKind(b) && a.PkgPath() == "" && b.PkgPath() == "" {
				va, vb := reflect.New(a).Elem(), reflect.New(b).Elem()
				setCount(va, pairCount)
				setCount(vb, pairCount)
				out = append(out, testCase{row: row, fn: fn, prof: p, arg: i, bad: variant{"2^20", va},
					arg2: j, bad2: variant{"2^20", vb}, combo: true})
			}
		}
	}
	return out
}

// TestSweepCombinations checks that the sweep reaches the combinations that one-at-a-time
// variants cannot, on entry points where such a combination once broke the contract: a field
// that matters only in another field's mode, and two counts whose product matters.
func TestSweepCombinations(t *testing.T) {
	want := []string{
		"embed.PCA.Fit(arg 0 = {Solver: mode 1, PowerIter: 2^40}", // randomized solver only
		"mcmc.CouplingTimes(arg 1 = 2^20, arg 2 = 2^20",           // runs × steps
		"gibbs.NoiseSensitivity(arg 0 = 2^20, arg 3 = 2^20",       // n × draws
	}
	have := map[string]bool{}
	for _, c := range cases() {
		for _, w := range want {
			if strings.HasPrefix(c.String(), w) {
				have[w] = true
			}
		}
	}
	for _, w := range want {
		if !have[w] {
			t.Errorf("the sweep has no call %s…)", w)
		}
	}
}
