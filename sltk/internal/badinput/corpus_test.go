package badinput

import (
	"io"
	"iter"
	"math"
	"math/rand/v2"
	"reflect"
	"strings"

	"gonum.org/v1/gonum/mat"
)

// The corpus is built from the argument types alone: baseline gives a plausible value of a type
// under a profile (0: six points in two columns; 1: a 3×3 symmetric, positive definite,
// row-stochastic matrix and vectors of length 3), bad gives the bad variants of a type. A case
// calls an entry point with every argument at its baseline except one, set to a bad variant.

type variant struct {
	name string
	v    reflect.Value
}

const huge = 1 << 40

var (
	data0 = [][]float64{{0.1, 0.2}, {0.3, 0.1}, {0.2, 0.4}, {5.1, 5.3}, {5.2, 5.0}, {4.9, 5.2}}
	data1 = [][]float64{{0.5, 0.25, 0.25}, {0.25, 0.5, 0.25}, {0.25, 0.25, 0.5}}
	vec0  = []float64{0.1, 0.2, 0.3, 0.15, 0.15, 0.1}
	vec1  = []float64{0.25, 0.25, 0.5}
	lab0  = []int{0, 0, 0, 1, 1, 1}
	lab1  = []int{0, 1, 2}

	tMatrix    = reflect.TypeFor[mat.Matrix]()
	tSymmetric = reflect.TypeFor[mat.Symmetric]()
	tVector    = reflect.TypeFor[mat.Vector]()
	tDense     = reflect.TypeFor[*mat.Dense]()
	tSymDense  = reflect.TypeFor[*mat.SymDense]()
	tVecDense  = reflect.TypeFor[*mat.VecDense]()
	tRand      = reflect.TypeFor[*rand.Rand]()
	tSeq       = reflect.TypeFor[iter.Seq[float64]]()
	tReader    = reflect.TypeFor[io.Reader]()
	tError     = reflect.TypeFor[error]()
)

func rowsOf(p int) [][]float64 { return [][][]float64{data0, data1}[p] }

// dense builds a matrix from rows, each entry mapped by f.
func dense(rows [][]float64, f func(i, j int, v float64) float64) *mat.Dense {
	m := mat.NewDense(len(rows), len(rows[0]), nil)
	for i, r := range rows {
		for j, v := range r {
			m.Set(i, j, f(i, j, v))
		}
	}
	return m
}

func same(_, _ int, v float64) float64 { return v }

// entryBad maps a matrix's entries to a bad variant: one NaN, one ±Inf, everything scaled to
// ±1e308 or to subnormals.
var entryBad = []struct {
	name string
	f    func(i, j int, v float64) float64
}{
	{"NaN", func(i, j int, v float64) float64 { return ifFirst(i, j, math.NaN(), v) }},
	{"+Inf", func(i, j int, v float64) float64 { return ifFirst(i, j, math.Inf(1), v) }},
	{"-Inf", func(i, j int, v float64) float64 { return ifFirst(i, j, math.Inf(-1), v) }},
	{"1e308·x", func(_, _ int, v float64) float64 { return v * 1e308 }},
	{"-1e308·x", func(_, _ int, v float64) float64 { return -v * 1e308 }},
	{"subnormal·x", func(_, _ int, v float64) float64 { return v * 5e-323 }},
	{"zeros", func(_, _ int, _ float64) float64 { return 0 }},
	{"negative", func(_, _ int, v float64) float64 { return -v }},
}

func ifFirst(i, j int, bad, v float64) float64 {
	if i == 0 && j == 0 {
		return bad
	}
	return v
}

// zeroCols is a 0×d matrix (gonum's constructors refuse one).
type zeroCols struct{}

func (zeroCols) Dims() (int, int)    { return 0, 2 }
func (zeroCols) At(_, _ int) float64 { panic(mat.ErrIndexOutOfRange) }
func (zeroCols) T() mat.Matrix       { return mat.Transpose{Matrix: zeroCols{}} }

func badDense(p int) []variant {
	r := rowsOf(p)
	vs := []variant{
		{"typed-nil *Dense", reflect.ValueOf((*mat.Dense)(nil))},
		{"0×0 Dense", reflect.ValueOf(&mat.Dense{})},
		{"one row", reflect.ValueOf(dense(r[:1], same))},
		{"transposed shape", reflect.ValueOf(mat.DenseCopyOf(dense(r, same).T()))},
		{"wider", reflect.ValueOf(dense(widen(r), same))},
	}
	for _, b := range entryBad {
		vs = append(vs, variant{b.name + " matrix", reflect.ValueOf(dense(r, b.f))})
	}
	return vs
}

func widen(r [][]float64) [][]float64 {
	out := make([][]float64, len(r)+1)
	for i := range out {
		out[i] = append(append([]float64{}, r[i%len(r)]...), 0.5)
	}
	return out
}

func sym(p int, f func(i, j int, v float64) float64) *mat.SymDense {
	n := 3
	m := mat.NewSymDense(n, nil)
	for i := 0; i < n; i++ {
		for j := i; j < n; j++ {
			m.SetSym(i, j, f(i, j, data1[i][j]))
		}
	}
	return m
}

func badSym(p int) []variant {
	vs := []variant{
		{"typed-nil *SymDense", reflect.ValueOf((*mat.SymDense)(nil))},
		{"0×0 SymDense", reflect.ValueOf(&mat.SymDense{})},
		{"1×1 SymDense", reflect.ValueOf(mat.NewSymDense(1, []float64{1}))},
		{"4×4 SymDense", reflect.ValueOf(mat.NewSymDense(4, nil))},
	}
	for _, b := range entryBad {
		vs = append(vs, variant{b.name + " SymDense", reflect.ValueOf(sym(p, b.f))})
	}
	return vs
}

func badVec(p int) []variant {
	v := vecOf(p)
	vs := []variant{
		{"typed-nil *VecDense", reflect.ValueOf((*mat.VecDense)(nil))},
		{"0 VecDense", reflect.ValueOf(&mat.VecDense{})},
		{"longer VecDense", reflect.ValueOf(mat.NewVecDense(len(v)+1, append(append([]float64{}, v...), 1)))},
	}
	for _, b := range entryBad {
		w := make([]float64, len(v))
		for i := range v {
			w[i] = b.f(i, 0, v[i])
		}
		vs = append(vs, variant{b.name + " VecDense", reflect.ValueOf(mat.NewVecDense(len(w), w))})
	}
	return vs
}

func vecOf(p int) []float64 { return [][]float64{vec0, vec1}[p] }
func labOf(p int) []int     { return [][]int{lab0, lab1}[p] }

// baseline returns a plausible value of type t under profile p.
func baseline(t reflect.Type, p, depth int) reflect.Value {
	switch t {
	case tDense, tMatrix:
		return conv(reflect.ValueOf(dense(rowsOf(p), same)), t)
	case tSymDense, tSymmetric:
		return conv(reflect.ValueOf(sym(p, same)), t)
	case tVecDense, tVector:
		return conv(reflect.ValueOf(mat.NewVecDense(len(vecOf(p)), append([]float64{}, vecOf(p)...))), t)
	case tRand:
		return reflect.ValueOf(rand.New(rand.NewPCG(1, 2)))
	case tSeq:
		return reflect.ValueOf(seq(1, 0.5, 0.25))
	case tReader:
		return reflect.ValueOf(io.Reader(strings.NewReader("a,b\n1,2\n3,4\n")))
	}
	v := reflect.New(t).Elem()
	if depth > 3 {
		return v
	}
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		v.SetInt([]int64{2, 3}[p])
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		v.SetUint(1)
	case reflect.Float32, reflect.Float64:
		v.SetFloat([]float64{0.5, 0.25}[p])
	case reflect.String:
		v.SetString("a")
	case reflect.Slice:
		for _, x := range []any{append([]float64{}, vecOf(p)...), append([]int{}, labOf(p)...), copyRows(rowsOf(p))} {
			if reflect.TypeOf(x).ConvertibleTo(t) {
				return conv(reflect.ValueOf(x), t)
			}
		}
		n := len(vecOf(p))
		s := reflect.MakeSlice(t, n, n)
		for i := 0; i < n; i++ {
			s.Index(i).Set(baseline(t.Elem(), p, depth+1))
		}
		return s
	case reflect.Pointer:
		ptr := reflect.New(t.Elem())
		ptr.Elem().Set(baseline(t.Elem(), p, depth+1))
		return ptr
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if t.Field(i).IsExported() {
				v.Field(i).Set(baseline(t.Field(i).Type, p, depth+1))
			}
		}
	case reflect.Map:
		return reflect.MakeMap(t)
	case reflect.Func:
		return reflect.MakeFunc(t, func([]reflect.Value) []reflect.Value {
			out := make([]reflect.Value, t.NumOut())
			for i := range out {
				out[i] = baseline(t.Out(i), p, depth+1)
			}
			return out
		})
	case reflect.Chan:
		c := reflect.MakeChan(t, 4096)
		if t.ChanDir()&reflect.RecvDir != 0 {
			for i := 0; i < 6; i++ {
				c.Send(baseline(t.Elem(), p, depth+1))
			}
			c.Close()
		}
		return c
	}
	return v
}

func conv(v reflect.Value, t reflect.Type) reflect.Value {
	if !v.Type().ConvertibleTo(t) {
		return reflect.Zero(t)
	}
	out := reflect.New(t).Elem()
	out.Set(v.Convert(t))
	return out
}

func copyRows(r [][]float64) [][]float64 {
	out := make([][]float64, len(r))
	for i := range r {
		out[i] = append([]float64{}, r[i]...)
	}
	return out
}

func seq(xs ...float64) iter.Seq[float64] {
	return func(yield func(float64) bool) {
		for _, x := range xs {
			if !yield(x) {
				return
			}
		}
	}
}

func val[T any](v T) reflect.Value { return reflect.ValueOf(v) }

// bad returns the bad variants of type t under profile p (depth > 0: a struct field).
func bad(t reflect.Type, p, depth int) []variant {
	var vs []variant
	switch t {
	case tDense:
		return badDense(p)
	case tMatrix:
		vs = append(vs, variant{"nil Matrix", reflect.Zero(t)}, variant{"0×d Matrix", val[mat.Matrix](zeroCols{})})
		for _, b := range badDense(p) {
			vs = append(vs, variant{b.name, conv(b.v, t)})
		}
		return vs
	case tSymDense:
		return badSym(p)
	case tSymmetric:
		vs = append(vs, variant{"nil Symmetric", reflect.Zero(t)})
		for _, b := range badSym(p) {
			vs = append(vs, variant{b.name, conv(b.v, t)})
		}
		return vs
	case tVecDense:
		return badVec(p)
	case tVector:
		vs = append(vs, variant{"nil Vector", reflect.Zero(t)})
		for _, b := range badVec(p) {
			vs = append(vs, variant{b.name, conv(b.v, t)})
		}
		return vs
	case tRand:
		return []variant{{"nil *rand.Rand", reflect.Zero(t)}}
	case tSeq:
		return []variant{{"nil Seq", reflect.Zero(t)}, {"empty Seq", val(seq())},
			{"Seq NaN", val(seq(1, math.NaN()))}, {"Seq 0", val(seq(1, 0))},
			{"Seq -1", val(seq(-1))}, {"Seq +Inf", val(seq(math.Inf(1), 1))},
			{"Seq 1e308", val(seq(1e308, 1e-308))}}
	case tReader:
		return []variant{{"nil Reader", reflect.Zero(t)},
			{"empty Reader", val[io.Reader](strings.NewReader(""))},
			{"CR-only Reader", val[io.Reader](strings.NewReader("a,b\r1,2\r3,4\r"))},
			{"ragged Reader", val[io.Reader](strings.NewReader("a,b\n1\n1,2,3\n"))},
			{"NaN Reader", val[io.Reader](strings.NewReader("a,b\nNaN,1e999\n"))}}
	}
	mk := func(name string, x any) variant { return variant{name, conv(reflect.ValueOf(x), t)} }
	switch t.Kind() {
	case reflect.Int, reflect.Int64:
		vs = []variant{mk("0", 0), mk("-1", -1), mk("k>n", 7), mk("2^40", huge), mk("MaxInt", math.MaxInt)}
	case reflect.Int8, reflect.Int16, reflect.Int32:
		vs = []variant{mk("0", 0), mk("-1", -1)}
	case reflect.Uint, reflect.Uint64:
		vs = []variant{mk("0", 0), mk("2^40", huge), mk("MaxUint64", uint64(math.MaxUint64))}
	case reflect.Uint8, reflect.Uint16, reflect.Uint32:
		vs = []variant{mk("0", 0)}
	case reflect.Float64, reflect.Float32:
		for _, x := range []struct {
			n string
			v float64
		}{{"0", 0}, {"-1", -1}, {"2", 2}, {"NaN", math.NaN()}, {"+Inf", math.Inf(1)},
			{"-Inf", math.Inf(-1)}, {"1e308", 1e308}, {"-1e308", -1e308}, {"subnormal", 5e-324}} {
			vs = append(vs, mk(x.n, x.v))
		}
	case reflect.Bool:
		vs = []variant{mk("true", true)}
	case reflect.String:
		vs = []variant{mk(`""`, ""), mk("invalid UTF-8", "\xff\xfe"), mk("CR-only CSV", "a,b\r1,2\r")}
	case reflect.Slice:
		vs = append(vs, variant{"nil slice", reflect.Zero(t)}, variant{"empty slice", reflect.MakeSlice(t, 0, 0)})
		base := baseline(t, p, depth)
		if base.Len() > 0 {
			vs = append(vs, variant{"one element", base.Slice(0, 1)})
			longer := reflect.Append(base, base.Index(0))
			vs = append(vs, variant{"one element more", longer})
		}
		if depth > 0 {
			return vs
		}
		elem := t.Elem()
		for _, e := range bad(elem, p, 1) {
			s := baseline(t, p, depth)
			if s.Len() == 0 {
				break
			}
			s.Index(0).Set(e.v)
			vs = append(vs, variant{"[0]=" + e.name, s})
		}
		if elem.Kind() == reflect.Float64 {
			vs = append(vs, mk("unnormalised", scaled(vecOf(p), 2)), mk("all 1e308", scaled(ones(len(vecOf(p))), 1e308)))
		}
	case reflect.Pointer:
		vs = append(vs, variant{"nil " + t.String(), reflect.Zero(t)})
		if t.Elem().Kind() == reflect.Struct {
			vs = append(vs, variant{"&zero " + t.Elem().String(), reflect.New(t.Elem())})
			if depth == 0 {
				for _, e := range bad(t.Elem(), p, depth) {
					ptr := reflect.New(t.Elem())
					ptr.Elem().Set(e.v)
					vs = append(vs, variant{"&" + e.name, ptr})
				}
			}
		}
	case reflect.Struct:
		vs = append(vs, variant{"zero " + t.String(), reflect.Zero(t)})
		if depth > 0 {
			return vs
		}
		for i := 0; i < t.NumField(); i++ {
			f := t.Field(i)
			if !f.IsExported() {
				continue
			}
			for _, e := range bad(f.Type, p, depth+1) {
				s := baseline(t, p, depth)
				s.Field(i).Set(e.v)
				vs = append(vs, variant{"{" + f.Name + ": " + e.name + "}", s})
			}
		}
	case reflect.Func:
		vs = append(vs, variant{"nil func", reflect.Zero(t)})
		if depth == 0 && returnsFloat(t) {
			vs = append(vs, variant{"func returning NaN", reflect.MakeFunc(t, func([]reflect.Value) []reflect.Value {
				out := make([]reflect.Value, t.NumOut())
				for i := range out {
					out[i] = baseline(t.Out(i), p, 1)
					if out[i].Kind() == reflect.Float64 {
						out[i].SetFloat(math.NaN())
					}
				}
				return out
			})})
		}
	case reflect.Chan:
		vs = append(vs, variant{"nil chan", reflect.Zero(t)})
	case reflect.Map, reflect.Interface:
		vs = append(vs, variant{"nil " + t.String(), reflect.Zero(t)})
	}
	return vs
}

func returnsFloat(t reflect.Type) bool {
	for i := 0; i < t.NumOut(); i++ {
		if t.Out(i).Kind() == reflect.Float64 {
			return true
		}
	}
	return false
}

func scaled(x []float64, c float64) []float64 {
	out := make([]float64, len(x))
	for i, v := range x {
		out[i] = v * c
	}
	return out
}

func ones(n int) []float64 {
	out := make([]float64, n)
	for i := range out {
		out[i] = 1
	}
	return out
}
