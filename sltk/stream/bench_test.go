package stream

import "testing"

// Updates allocate nothing: every sketch's Update runs with zero allocations once built.
func TestUpdatesAllocationFree(t *testing.T) {
	res, _ := NewReservoir[uint64](100, 1)
	skip, _ := NewSkipReservoir[uint64](100, 1)
	wres, _ := NewWeightedReservoir[uint64](100, 1)
	kmv, _ := Count{Epsilon: 0.1, Seed: 1}.New()
	mc, _ := MCount{Epsilon: 0.3, Delta: 0.1, Seed: 1}.New()
	ams, _ := AMS{Seed: 1}.New()
	tow, _ := TugOfWar{Copies: 16, Seed: 1}.New()
	cm, _ := CountMin{Epsilon: 0.01, Delta: 0.01, Seed: 1}.New()
	hh, _ := HeavyHitters{CountMin: CountMin{Epsilon: 0.01, Delta: 0.01}, Tau: 0.05}.New()
	hll, _ := HyperLogLog{Seed: 1}.New()
	var x uint64
	next := func() uint64 { x++; return x * x % 1000 }
	for name, f := range map[string]func(){
		"Reservoir":         func() { res.Update(next()) },
		"SkipReservoir":     func() { skip.Update(next()) },
		"WeightedReservoir": func() { _ = wres.Update(next(), 2) },
		"KMV":               func() { kmv.Update(next()) },
		"MedianKMV":         func() { mc.Update(next()) },
		"AMS":               func() { ams.Update(next()) },
		"TugOfWar":          func() { tow.Update(next()) },
		"CountMin":          func() { cm.Update(next(), 1) },
		"HeavyHitters":      func() { _ = hh.Update(next()%20, 1) },
		"HyperLogLog":       func() { hll.Update(next()) },
	} {
		for range 2000 { // warm up: fill the reservoirs and the heap
			f()
		}
		if a := testing.AllocsPerRun(2000, f); a != 0 {
			t.Errorf("%s.Update: %v allocations per call, want 0", name, a)
		}
	}
}

func benchUpdate(b *testing.B, update func(x uint64)) {
	b.ReportAllocs()
	var x uint64
	for b.Loop() {
		x += 0x9e3779b97f4a7c15
		update(x >> 44) // a universe of 2²⁰ keys
	}
}

func BenchmarkReservoirUpdate(b *testing.B) {
	r, _ := NewReservoir[uint64](1000, 1)
	benchUpdate(b, r.Update)
}

func BenchmarkSkipReservoirUpdate(b *testing.B) {
	r, _ := NewSkipReservoir[uint64](1000, 1)
	benchUpdate(b, r.Update)
}

func BenchmarkKMVUpdate(b *testing.B) {
	s, _ := Count{T: 1000, Seed: 1}.New()
	benchUpdate(b, s.Update)
}

func BenchmarkMCountUpdate(b *testing.B) {
	s, _ := MCount{T: 100, MedianK: 3, Seed: 1}.New()
	benchUpdate(b, s.Update)
}

func BenchmarkTugOfWarUpdate(b *testing.B) {
	s, _ := TugOfWar{Copies: 1, Seed: 1}.New()
	benchUpdate(b, func(x uint64) { _ = s.Update(x) })
}

func BenchmarkCountMinUpdate(b *testing.B) {
	s, _ := CountMin{Epsilon: 0.001, Delta: 0.01, Seed: 1}.New()
	benchUpdate(b, func(x uint64) { s.Update(x, 1) })
}

func BenchmarkHyperLogLogUpdate(b *testing.B) {
	s, _ := HyperLogLog{Precision: 12, Seed: 1}.New()
	benchUpdate(b, s.Update)
}
