package stream_test

import (
	"fmt"
	"math"
	"slices"

	"github.com/sltk-book/sltk/sltk/stream"
)

// A uniform sample of 3 of the first 1000 numbers, never told the stream's length.
func ExampleNewReservoir() {
	r, err := stream.NewReservoir[int](3, 42)
	if err != nil {
		fmt.Println(err)
		return
	}
	for i := range 1000 {
		r.Update(i)
	}
	sample, _ := r.Sample()
	fmt.Println(len(sample), "of", r.Seen())
	// Output: 3 of 1000
}

// COUNT(ε) sees 5000 distinct keys, each three times, and is within ε of 5000.
func ExampleCount() {
	s, err := stream.Count{Epsilon: 0.1, Seed: 1}.New()
	if err != nil {
		fmt.Println(err)
		return
	}
	for rep := 0; rep < 3; rep++ {
		for x := uint64(0); x < 5000; x++ {
			s.Update(x)
		}
	}
	m, _ := s.Estimate()
	fmt.Println(m > 4500 && m < 5500)
	// Output: true
}

// Count-Min never underestimates; with ε = 0.01 the overestimate stays below 1% of the
// stream's length (with probability ≥ 1 − δ).
// MCOUNT takes a block of keys at a time through UpdateKeys: the same sketch, and so the same
// estimate, as one Update per key, in fewer instructions per key.
func ExampleMedianKMV_UpdateKeys() {
	byBlock, _ := stream.MCount{Epsilon: 0.2, MedianK: 2, Seed: 1}.New()
	byKey, _ := stream.MCount{Epsilon: 0.2, MedianK: 2, Seed: 1}.New()
	keys := make([]uint64, 30000)
	for i := range keys {
		keys[i] = uint64(i % 10000) // 10000 distinct keys, three times each
	}
	byBlock.UpdateKeys(keys)
	for _, a := range keys {
		byKey.Update(a)
	}
	m1, _ := byBlock.Estimate()
	m2, _ := byKey.Estimate()
	fmt.Println(m1 == m2, m1 > 8000 && m1 < 12000)
	// Output: true true
}

func ExampleCountMin() {
	cm, err := stream.CountMin{Epsilon: 0.01, Delta: 0.01, Seed: 7}.New()
	if err != nil {
		fmt.Println(err)
		return
	}
	for i := uint64(0); i < 10000; i++ {
		cm.Update(i%100, 1) // each of 100 keys 100 times
	}
	e := cm.Estimate(42)
	fmt.Println(e >= 100, e-100 < 100, cm.Width(), cm.Depth())
	// Output: true true 200 7
}

// Tug-of-War estimates F₂ = Σ f_u²; the exact value is 14 for 1, 2, 1, 3, 1, 2.
func ExampleTugOfWar() {
	a := []uint64{1, 2, 1, 3, 1, 2}
	f2, _ := stream.Moment(stream.Frequencies(a), 2)
	s, _ := stream.TugOfWar{Epsilon: 0.2, Delta: 0.1, Seed: 3}.New()
	for _, x := range a {
		s.Update(x)
	}
	b, _ := s.Estimate()
	fmt.Println(f2, b > 0.8*f2 && b < 1.2*f2)
	// Output: 14 true
}

// HyperLogLog with 2¹² one-byte registers (4 KiB) counts 10⁶ distinct keys, each seen twice,
// within 5 % (three standard errors); two sketches of halves of the stream merge into one of
// the whole.
// A stream read in blocks goes in through UpdateKeys, which gives the sketch a loop of
// Update calls would, in less time per key.
func ExampleHLLSketch_UpdateKeys() {
	s, err := stream.HyperLogLog{Precision: 12, Seed: 1}.New()
	if err != nil {
		fmt.Println(err)
		return
	}
	var blk [1024]uint64
	for lo := uint64(0); lo < 500_000; lo += uint64(len(blk)) {
		for i := range blk {
			blk[i] = (lo + uint64(i)) % 200_000 // 200000 distinct keys, each 2 or 3 times
		}
		s.UpdateKeys(blk[:])
	}
	n, _ := s.Estimate()
	fmt.Println(math.Abs(n/200_000-1) < 0.05)
	// Output: true
}

func ExampleHyperLogLog() {
	whole, err := stream.HyperLogLog{Precision: 12, Seed: 1}.New()
	if err != nil {
		fmt.Println(err)
		return
	}
	half, _ := stream.HyperLogLog{Precision: 12, Seed: 1}.New()
	for x := uint64(0); x < 1_000_000; x++ {
		whole.Update(x)
		whole.Update(x)
		if x%2 == 0 {
			half.Update(x)
		}
	}
	n, _ := whole.Estimate()
	fmt.Println(math.Abs(n/1e6-1) < 0.05)
	other, _ := stream.HyperLogLog{Precision: 12, Seed: 1}.New()
	for x := uint64(1); x < 1_000_000; x += 2 {
		other.Update(x)
	}
	if err := half.Merge(other); err != nil {
		fmt.Println(err)
		return
	}
	m, _ := half.Estimate()
	fmt.Println(math.Abs(m/1e6-1) < 0.05)
	// Output:
	// true
	// true
}

// A bottom-k sample of 4 of the numbers 0, …, 999 (each record identified by its position),
// taken once in one pass and once as three machines would: each samples the positions it holds,
// and the three samples are merged. The two samples are the same records.
func ExampleBottomK() {
	c := stream.BottomK{K: 4, Seed: 7}
	whole, _ := c.New()
	parts := []*stream.BottomKSample{}
	for range 3 {
		p, _ := c.New()
		parts = append(parts, p)
	}
	for i := range uint64(1000) {
		whole.Update(i, i)
		parts[(i*i)%3].Update(i, i) // any split of the records will do
	}
	for _, p := range parts[1:] {
		if err := parts[0].Merge(p); err != nil {
			fmt.Println(err)
			return
		}
	}
	a, _ := whole.Sample()
	b, _ := parts[0].Sample()
	fmt.Println(slices.Equal(a, b), len(b), parts[0].Seen())
	// Output: true 4 1000
}

// Colliding pairs among 200 keys hashed to 8-bit signatures, against the mean bound (8.4).
func ExampleSignatureCollisions() {
	keys := make([]uint64, 200)
	for i := range keys {
		keys[i] = uint64(i) * 1_000_003
	}
	total := 0
	for seed := range uint64(100) {
		c, err := stream.SignatureCollisions(keys, 8, seed)
		if err != nil {
			fmt.Println(err)
			return
		}
		total += c
	}
	fmt.Println("mean below 1.1 × bound:", float64(total)/100 <= 1.1*200*199/512.0)
	// Output: mean below 1.1 × bound: true
}

// The mean minimum of 2000 random 9-subsets of 1..99 is near (N+1)/(m+1) = 10.
func ExampleSampleMinimum() {
	sum := 0
	for seed := range uint64(2000) {
		v, err := stream.SampleMinimum(99, 9, seed)
		if err != nil {
			fmt.Println(err)
			return
		}
		sum += v
	}
	e, _ := stream.ExpectedMinimum(99, 9)
	fmt.Printf("simulated %.0f, exact %.0f\n", float64(sum)/2000, e)
	// Output: simulated 10, exact 10
}
