// Package fuzzdata turns fuzzer bytes into the arguments of sltk's entry points and checks
// their results: the fuzz targets of every package and the API-wide bad-input test share it.
package fuzzdata

import (
	"encoding/binary"
	"fmt"
	"math"
	"reflect"

	"gonum.org/v1/gonum/mat"
)

// Floats decodes b as little-endian float64 values (any trailing bytes are dropped), at most max.
func Floats(b []byte, max int) []float64 {
	n := min(len(b)/8, max)
	out := make([]float64, n)
	for i := range out {
		out[i] = math.Float64frombits(binary.LittleEndian.Uint64(b[8*i:]))
	}
	return out
}

// Matrix decodes b as a matrix of cols columns (1 ≤ cols ≤ 8, from the first byte) and at most
// maxRows rows of Floats; nil when b holds less than one row.
func Matrix(b []byte, maxRows int) *mat.Dense {
	if len(b) == 0 {
		return nil
	}
	cols := int(b[0]%8) + 1
	v := Floats(b[1:], maxRows*cols)
	rows := len(v) / cols
	if rows == 0 {
		return nil
	}
	return mat.NewDense(rows, cols, v[:rows*cols])
}

// Labels returns n labels in [0, k) taken from b (cycled; zeros when b is empty).
func Labels(b []byte, n, k int) []int {
	out := make([]int, n)
	for i := range out {
		if len(b) > 0 {
			out[i] = int(b[i%len(b)]) % k
		}
	}
	return out
}

// NonFinite returns the path of the first NaN or ±Inf reachable from v through floats, slices,
// arrays, maps, struct fields (exported or not, so gonum matrices too) and pointers, or "".
// It visits at most 10⁵ values.
func NonFinite(v any) string {
	budget := 0
	return walk(reflect.ValueOf(v), "result", map[uintptr]bool{}, &budget)
}

func walk(v reflect.Value, path string, seen map[uintptr]bool, budget *int) string {
	*budget++
	if *budget > 1e5 || !v.IsValid() {
		return ""
	}
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		if f := v.Float(); math.IsNaN(f) || math.IsInf(f, 0) {
			return fmt.Sprintf("%s = %v", path, f)
		}
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice {
			if v.IsNil() || seen[v.Pointer()] && v.Len() > 0 {
				return ""
			}
			seen[v.Pointer()] = true
		}
		for i := 0; i < v.Len(); i++ {
			if p := walk(v.Index(i), fmt.Sprintf("%s[%d]", path, i), seen, budget); p != "" {
				return p
			}
		}
	case reflect.Pointer:
		if v.IsNil() || seen[v.Pointer()] {
			return ""
		}
		seen[v.Pointer()] = true
		return walk(v.Elem(), path, seen, budget)
	case reflect.Interface:
		return walk(v.Elem(), path, seen, budget)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if p := walk(v.Field(i), path+"."+v.Type().Field(i).Name, seen, budget); p != "" {
				return p
			}
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			if p := walk(it.Value(), fmt.Sprintf("%s[%v]", path, it.Key()), seen, budget); p != "" {
				return p
			}
		}
	}
	return ""
}
