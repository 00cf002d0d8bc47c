package stream

import (
	"errors"
	"math"
	"testing"
)

// SignatureCollisions against the definition: the pairs i < j whose ModP signatures agree,
// counted one by one, for the same seeded member of the family.
func TestSignatureCollisionsDefinition(t *testing.T) {
	keys := make([]uint64, 120)
	for i := range keys {
		keys[i] = uint64(i) * 1_000_003
	}
	keys[7] = keys[3] // a repeated key
	for _, bits := range []int{1, 4, 8, 12} {
		for seed := range uint64(20) {
			got, err := SignatureCollisions(keys, bits, seed)
			if err != nil {
				t.Fatal(err)
			}
			h, _ := NewModP(MersenneP61, 1<<bits, seed)
			want := 0
			for i := range keys {
				for j := i + 1; j < len(keys); j++ {
					if h.Hash(keys[i]) == h.Hash(keys[j]) {
						want++
					}
				}
			}
			if got != want {
				t.Fatalf("bits=%d seed=%d: %d collisions, want %d", bits, seed, got, want)
			}
		}
	}
}

// Properties: distinct keys below P never collide at 61 bits (x ↦ ax + b mod P is a bijection
// for a ≠ 0); equal keys always collide; one bit splits n keys into two classes, so coll is at
// least 2·C(n/2, 2); fewer than two keys give 0.
func TestSignatureCollisionsProperties(t *testing.T) {
	keys := []uint64{0, 1, 2, 1 << 40, MersenneP61 - 1, 12345}
	for seed := range uint64(50) {
		if c, _ := SignatureCollisions(keys, 61, seed); c != 0 {
			t.Fatalf("seed %d: %d collisions at 61 bits, want 0", seed, c)
		}
		if c, _ := SignatureCollisions([]uint64{9, 9, 9}, 8, seed); c != 3 {
			t.Fatalf("seed %d: three equal keys give %d pairs, want 3", seed, c)
		}
		if c, _ := SignatureCollisions([]uint64{5, 5 + MersenneP61}, 61, seed); c != 1 {
			t.Fatalf("seed %d: keys equal mod P give %d pairs, want 1", seed, c)
		}
		if c, _ := SignatureCollisions(make([]uint64, 10), 1, seed); c != 45 {
			t.Fatalf("seed %d: ten zeros give %d pairs, want 45", seed, c)
		}
	}
	many := make([]uint64, 10)
	for i := range many {
		many[i] = uint64(i)
	}
	if c, _ := SignatureCollisions(many, 1, 3); c < 20 {
		t.Errorf("10 keys into 2 values: %d pairs, want ≥ 2·C(5, 2) = 20", c)
	}
	for _, k := range [][]uint64{nil, {}, {4}} {
		if c, err := SignatureCollisions(k, 8, 1); c != 0 || err != nil {
			t.Errorf("%v: %d, %v, want 0, nil", k, c, err)
		}
	}
}

func TestSignatureCollisionsBadInput(t *testing.T) {
	for _, bits := range []int{0, -1, 62, 64, math.MaxInt} {
		if _, err := SignatureCollisions([]uint64{1, 2}, bits, 1); !errors.Is(err, ErrParam) {
			t.Errorf("bits = %d: err = %v, want ErrParam", bits, err)
		}
	}
}

// SampleMinimum: the reservoir's minimum, with the closed form (N+1)/(m+1) as the independent
// reference for its mean (within four standard errors), and the edge cases m = N (always 1)
// and m = 1 (uniform on 1..N, every value reachable).
func TestSampleMinimum(t *testing.T) {
	for _, c := range [][2]int{{50, 1}, {50, 5}, {200, 16}, {30, 29}} {
		N, m := c[0], c[1]
		const draws = 4000
		var sum, sq float64
		for d := range uint64(draws) {
			v, err := SampleMinimum(N, m, d)
			if err != nil {
				t.Fatal(err)
			}
			if v < 1 || v > N-m+1 {
				t.Fatalf("N=%d m=%d: min %d outside [1, N−m+1]", N, m, v)
			}
			sum, sq = sum+float64(v), sq+float64(v*v)
		}
		mean := sum / draws
		se := math.Sqrt((sq/draws - mean*mean) / draws)
		want, _ := ExpectedMinimum(N, m)
		if math.Abs(mean-want) > 4*se {
			t.Errorf("N=%d m=%d: mean min %v, want %v ± 4·%v", N, m, mean, want, se)
		}
	}
	seen := map[int]bool{}
	for d := range uint64(400) {
		if v, _ := SampleMinimum(7, 7, d); v != 1 {
			t.Fatalf("m = N: min %d, want 1", v)
		}
		v, _ := SampleMinimum(5, 1, d)
		seen[v] = true
	}
	if len(seen) != 5 {
		t.Errorf("m = 1 over 400 seeds reached %d of the values 1..5", len(seen))
	}
	a, _ := SampleMinimum(1000, 8, 42)
	b, _ := SampleMinimum(1000, 8, 42)
	if a != b {
		t.Errorf("same seed, different minima %d and %d", a, b)
	}
}

func TestSampleMinimumBadInput(t *testing.T) {
	for _, c := range [][2]int{{10, 0}, {10, -1}, {3, 4}, {0, 0}, {-5, 1}} {
		if _, err := SampleMinimum(c[0], c[1], 1); !errors.Is(err, ErrParam) {
			t.Errorf("N=%d m=%d: err = %v, want ErrParam", c[0], c[1], err)
		}
	}
	for _, N := range []int{MaxMinimumUniverse + 1, math.MaxInt} {
		if _, err := SampleMinimum(N, 1, 1); !errors.Is(err, ErrTooLarge) {
			t.Errorf("N=%d: err = %v, want ErrTooLarge", N, err)
		}
	}
}
