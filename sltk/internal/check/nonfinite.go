package check

import (
	"fmt"
	"math"
	"reflect"
)

// NonFinite returns the path (starting with name) of the first NaN or ±Inf reachable from v
// through floats, complex numbers, slices, arrays, maps, struct fields (exported or not, so
// gonum matrices too), interfaces and pointers, or "" when there is none. Each pointer and
// slice is visited once, so cyclic values terminate. budget > 0 caps the values visited (what
// lies beyond is not looked at); budget ≤ 0 visits all. Cost proportional to the values visited.
func NonFinite(v any, name string, budget int) string {
	left := budget
	if budget <= 0 {
		left = -1
	}
	return walkFinite(reflect.ValueOf(v), name, map[uintptr]bool{}, &left)
}

func walkFinite(v reflect.Value, path string, seen map[uintptr]bool, left *int) string {
	if *left == 0 || !v.IsValid() {
		return ""
	}
	if *left > 0 {
		*left--
	}
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		if f := v.Float(); math.IsNaN(f) || math.IsInf(f, 0) {
			return fmt.Sprintf("%s = %v", path, f)
		}
	case reflect.Complex64, reflect.Complex128:
		c := v.Complex()
		if math.IsNaN(real(c)) || math.IsInf(real(c), 0) || math.IsNaN(imag(c)) || math.IsInf(imag(c), 0) {
			return fmt.Sprintf("%s = %v", path, c)
		}
	case reflect.Slice, reflect.Array:
		if v.Kind() == reflect.Slice {
			if v.IsNil() || v.Len() > 0 && seen[v.Pointer()] {
				return ""
			}
			seen[v.Pointer()] = true
		}
		for i := 0; i < v.Len(); i++ {
			if p := walkFinite(v.Index(i), fmt.Sprintf("%s[%d]", path, i), seen, left); p != "" {
				return p
			}
		}
	case reflect.Pointer:
		if v.IsNil() || seen[v.Pointer()] {
			return ""
		}
		seen[v.Pointer()] = true
		return walkFinite(v.Elem(), path, seen, left)
	case reflect.Interface:
		return walkFinite(v.Elem(), path, seen, left)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if p := walkFinite(v.Field(i), path+"."+v.Type().Field(i).Name, seen, left); p != "" {
				return p
			}
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			if p := walkFinite(it.Value(), fmt.Sprintf("%s[%v]", path, it.Key()), seen, left); p != "" {
				return p
			}
		}
	}
	return ""
}
