package metrics

import (
	"testing"
)

// FuzzAdjustedRand: any two labelings get a finite index in [-1, 1] or an error.
func FuzzAdjustedRand(f *testing.F) {
	f.Add([]byte{0, 0, 1, 1}, []byte{1, 1, 0, 0})
	f.Fuzz(func(t *testing.T, a, b []byte) {
		la, lb := make([]int, len(a)), make([]int, len(b))
		for i, v := range a {
			la[i] = int(int8(v))
		}
		for i, v := range b {
			lb[i] = int(int8(v))
		}
		ari, err := AdjustedRand(la, lb)
		if err == nil && !(ari >= -1 && ari <= 1) {
			t.Fatalf("ARI = %v", ari)
		}
	})
}
