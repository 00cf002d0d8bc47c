package mcmc

import (
	"fmt"
	"math"
	"reflect"
)

// nonFinite returns the path of the first NaN or ±Inf reachable from v through floats, complex
// numbers, slices, arrays, maps, struct fields (exported or not, so gonum matrices too) and
// pointers, or "" when there is none. Each pointer and slice is visited once, so cyclic
// states terminate. Cost proportional to the size of v.
func nonFinite(v any, name string) string {
	return walkFinite(reflect.ValueOf(v), name, map[uintptr]bool{})
}

func walkFinite(v reflect.Value, path string, seen map[uintptr]bool) string {
	if !v.IsValid() {
		return ""
	}
	switch v.Kind() {
	case reflect.Float32, reflect.Float64:
		if f := v.Float(); math.IsNaN(f) || math.IsInf(f, 0) {
			return fmt.Sprintf("%s = %v", path, f)
		}
	case reflect.Complex64, reflect.Complex128:
		if c := v.Complex(); math.IsNaN(real(c)) || math.IsInf(real(c), 0) || math.IsNaN(imag(c)) || math.IsInf(imag(c), 0) {
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
			if p := walkFinite(v.Index(i), fmt.Sprintf("%s[%d]", path, i), seen); p != "" {
				return p
			}
		}
	case reflect.Pointer:
		if v.IsNil() || seen[v.Pointer()] {
			return ""
		}
		seen[v.Pointer()] = true
		return walkFinite(v.Elem(), path, seen)
	case reflect.Interface:
		return walkFinite(v.Elem(), path, seen)
	case reflect.Struct:
		for i := 0; i < v.NumField(); i++ {
			if p := walkFinite(v.Field(i), path+"."+v.Type().Field(i).Name, seen); p != "" {
				return p
			}
		}
	case reflect.Map:
		it := v.MapRange()
		for it.Next() {
			if p := walkFinite(it.Value(), fmt.Sprintf("%s[%v]", path, it.Key()), seen); p != "" {
				return p
			}
		}
	}
	return ""
}
