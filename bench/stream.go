package main

// Streaming rows: sltk/stream against Apache DataSketches for Go (github.com/apache/datasketches-go
// v0.2.0) on one Zipf stream of 10⁷ keys, both sides in this process (Workload.GoPeer). Each
// side's time covers the 10⁷ updates and a few queries; the quality figures are computed from
// exact counts prepared (untimed) in Data. Memory is equal on both sides where both have the
// sketch: Count-Min 200 × 7 int64 counters; distinct counting 4 KiB (MCOUNT 3 × 170 minima of
// 8 bytes against HLL with 2¹² one-byte registers, and against CPC with lg K = 11; sltk's
// HyperLogLog with 2¹² one-byte registers against the same HLL).

import (
	"fmt"
	"math"
	"slices"

	"github.com/apache/datasketches-go/count"
	"github.com/apache/datasketches-go/cpc"
	"github.com/apache/datasketches-go/hll"
	"github.com/apache/datasketches-go/sampling"
	"github.com/sltk-book/sltk/sltk/stream"
	"github.com/sltk-book/sltk/sltk/synth"
	"gonum.org/v1/gonum/mat"
)

const streamLen = 10_000_000

// streamInputs keeps the stream once built: every streaming row reads the same one.
var streamInputs Inputs

// streamData is the shared stream plus its exact statistics: "a" (1 × n keys as float64),
// "probe" (1 × p keys to query), "truth" (1 × p exact counts), "stats" (F₀, F₂, mean of
// ln(1 + key)).
func streamData() (Inputs, error) {
	if streamInputs != nil {
		return streamInputs, nil
	}
	a, err := synth.ZipfStream{N: 1_000_000, S: 1.05, Len: streamLen, Seed: 1}.Generate()
	if err != nil {
		return nil, err
	}
	f := stream.Frequencies(a)
	keys := make([]uint64, 0, len(f))
	for u := range f {
		keys = append(keys, u)
	}
	slices.Sort(keys)
	probe := append(slices.Clone(keys[:1000]), keys[len(keys)-1000:]...) // heavy and light keys
	f0, _ := stream.Moment(f, 0)
	f2, _ := stream.Moment(f, 2)
	var sum float64
	x := make([]float64, len(a))
	for i, v := range a {
		x[i] = float64(v)
		sum += math.Log1p(x[i])
	}
	p, t := make([]float64, len(probe)), make([]float64, len(probe))
	for i, u := range probe {
		p[i], t[i] = float64(u), float64(f[u])
	}
	streamInputs = Inputs{
		"a":     mat.NewDense(1, len(x), x),
		"probe": mat.NewDense(1, len(p), p),
		"truth": mat.NewDense(1, len(t), t),
		"stats": mat.NewDense(1, 3, []float64{f0, f2, sum / float64(len(a))}),
	}
	return streamInputs, nil
}

func keys(in Inputs, name string) []float64 { return in[name].RawMatrix().Data }

// meanSample is the quality of a reservoir: the sample mean of ln(1 + key) over the stream's
// (≈ 1 for a uniform sample; the logarithm tames the Zipf law's heavy tail of key values).
func meanSample(s []uint64, in Inputs) float64 {
	var m float64
	for _, v := range s {
		m += math.Log1p(float64(v))
	}
	return m / float64(len(s)) / in["stats"].At(0, 2)
}

// overestimate is the Count-Min quality: the mean of (d*_u − d_u)/‖d‖₁ over the probe keys.
func overestimate(in Inputs, est func(u uint64) int64) float64 {
	var e float64
	truth := keys(in, "truth")
	for i, u := range keys(in, "probe") {
		e += float64(est(uint64(u))) - truth[i]
	}
	return e / float64(len(truth)) / streamLen
}

func relErr(est float64, in Inputs, col int) float64 {
	return math.Abs(est/in["stats"].At(0, col) - 1)
}

// reservoirRow runs one sltk reservoir of size 1000 against DataSketches' reservoir. sample
// feeds the keys to the sltk reservoir and returns its sample: a loop of direct Update calls on
// the concrete type, as on the peer's side (a call through an interface per key, which the
// compiler cannot inline, cost the sltk side a fifth of its time).
func reservoirRow(name, note string, sample func(keys []float64) ([]uint64, error)) Workload {
	return Workload{
		Name:    name + " k=1000, 10⁷ Zipf updates: sltk vs datasketches-go",
		Quality: "mean ln(1+key): sample / stream",
		Data:    streamData,
		Run: func(in Inputs) (Result, error) {
			s, err := sample(keys(in, "a"))
			return Result{Quality: meanSample(s, in), Note: note}, err
		},
		GoPeer: func(in Inputs) (Result, error) {
			r, err := sampling.NewReservoirItemsSketch[uint64](1000)
			if err != nil {
				return Result{}, err
			}
			for _, v := range keys(in, "a") {
				if err := r.Update(uint64(v)); err != nil {
					return Result{}, err
				}
			}
			return Result{Quality: meanSample(r.Samples(), in), Note: "ReservoirItemsSketch"}, nil
		},
	}
}

func init() {
	register(reservoirRow("reservoir", "algorithm R (the lecture's)", func(a []float64) ([]uint64, error) {
		r, err := stream.NewReservoir[uint64](1000, 1)
		if err != nil {
			return nil, err
		}
		for _, v := range a {
			r.Update(uint64(v))
		}
		return r.Sample()
	}), reservoirRow("skip-ahead reservoir", "algorithm L", func(a []float64) ([]uint64, error) {
		r, err := stream.NewSkipReservoir[uint64](1000, 1)
		if err != nil {
			return nil, err
		}
		for _, v := range a {
			r.Update(uint64(v))
		}
		return r.Sample()
	}), Workload{
		Name:    "Count-Min 200×7, 10⁷ Zipf updates: sltk vs datasketches-go",
		Quality: "mean overestimate / ‖d‖₁ (2000 keys)",
		Data:    streamData,
		Run: func(in Inputs) (Result, error) {
			cm, err := stream.CountMin{Width: 200, Depth: 7, Seed: 1}.New()
			if err != nil {
				return Result{}, err
			}
			for _, v := range keys(in, "a") {
				cm.Update(uint64(v), 1)
			}
			return Result{Quality: overestimate(in, cm.Estimate), Note: "11200 bytes of counters"}, nil
		},
		GoPeer: func(in Inputs) (Result, error) {
			cm, err := count.NewCountMinSketch(7, 200, 1)
			if err != nil {
				return Result{}, err
			}
			for _, v := range keys(in, "a") {
				if err := cm.UpdateUint64(uint64(v), 1); err != nil {
					return Result{}, err
				}
			}
			return Result{Quality: overestimate(in, cm.GetEstimateUint64), Note: "11200 bytes of counters"}, nil
		},
	})
	register(distinctRows()...)
	register(Workload{
		Name:    "tug-of-war, 4 counters, 10⁷ Zipf updates (no peer: DataSketches has no F₂ sketch)",
		Quality: "|B/F₂ − 1|",
		Data:    streamData,
		Run: func(in Inputs) (Result, error) {
			s, err := stream.TugOfWar{Copies: 4, Seed: 1}.New()
			if err != nil {
				return Result{}, err
			}
			for _, v := range keys(in, "a") {
				s.Update(uint64(v))
			}
			b, err := s.Estimate()
			return Result{Quality: relErr(b, in, 1), Note: "4 sign hashes over GF(2⁶⁴)"}, err
		},
	})
}

// distinctRows compare MCOUNT at 4 KiB with HLL and CPC.
func distinctRows() []Workload {
	mcount := func(in Inputs) (Result, error) {
		m, err := stream.MCount{T: 170, MedianK: 2, Seed: 1}.New()
		if err != nil {
			return Result{}, err
		}
		// The keys go in by blocks through UpdateKeys, which gives the sketch Update would;
		// converting the block to uint64 is part of the timed run, as on the peer's side.
		a := keys(in, "a")
		var blk [1024]uint64
		for i := 0; i < len(a); i += len(blk) {
			b := blk[:min(len(blk), len(a)-i)]
			for k := range b {
				b[k] = uint64(a[i+k])
			}
			m.UpdateKeys(b)
		}
		e, err := m.Estimate()
		return Result{Quality: relErr(e, in, 0), Note: "3 copies × 170 minima, 4080 bytes; UpdateKeys by 1024"}, err
	}
	return []Workload{{
		Name:    "distinct count, 10⁷ Zipf updates: sltk MCOUNT vs datasketches-go HLL (4 KiB)",
		Quality: "|F₀*/F₀ − 1|",
		Data:    streamData,
		Run:     mcount,
		GoPeer: func(in Inputs) (Result, error) {
			h, err := hll.NewHllSketch(12, hll.TgtHllTypeHll8)
			if err != nil {
				return Result{}, err
			}
			for _, v := range keys(in, "a") {
				if err := h.UpdateUInt64(uint64(v)); err != nil {
					return Result{}, err
				}
			}
			e, err := h.GetEstimate()
			return Result{Quality: relErr(e, in, 0), Note: "HLL_8, lg K = 12, 4096 bytes"}, err
		},
	}, hllRow(), {
		Name:    "distinct count, 10⁷ Zipf updates: sltk MCOUNT vs datasketches-go CPC (lg K = 11)",
		Quality: "|F₀*/F₀ − 1|",
		Data:    streamData,
		Run:     mcount,
		GoPeer: func(in Inputs) (Result, error) {
			c, err := cpc.NewCpcSketch(11, 9001)
			if err != nil {
				return Result{}, err
			}
			for _, v := range keys(in, "a") {
				if err := c.UpdateUint64(uint64(v)); err != nil {
					return Result{}, err
				}
			}
			b, err := c.ToCompactSlice()
			return Result{Quality: relErr(c.GetEstimate(), in, 0), Note: fmt.Sprintf("CPC, %d bytes serialised", len(b))}, err
		},
	}}
}

// hllReplicas is the number of copies of the stream the HyperLogLog row counts, copy r with
// the keys shifted by r·2⁴⁰ (disjoint key sets of the same F₀), so that the quality is a mean
// over independent-looking hash values on both sides (DataSketches' hash takes no seed).
const hllReplicas = 16

// hllRow compares HyperLogLog sketches of equal memory, 2¹² one-byte registers each: sltk's
// (HIP estimate) against DataSketches' HLL_8 (also HIP while unmerged). Each side counts the
// hllReplicas copies of the stream with a fresh sketch each: sltk by blocks of keys through
// UpdateKeys, DataSketches (which has no such method) in a loop of direct UpdateUInt64 calls;
// the quality is the mean |F₀*/F₀ − 1| over the copies, the time covers all 16·10⁷ updates.
func hllRow() Workload {
	return Workload{
		Name:    "distinct count, 16 × 10⁷ Zipf updates: sltk HyperLogLog vs datasketches-go HLL (4 KiB)",
		Quality: "mean |F₀*/F₀ − 1| over 16 key sets",
		Data:    streamData,
		Run: func(in Inputs) (Result, error) {
			var e float64
			for r := range hllReplicas {
				s, err := stream.HyperLogLog{Precision: 12, Seed: 1}.New()
				if err != nil {
					return Result{}, err
				}
				// By blocks through UpdateKeys, converting as the MCOUNT row does.
				off, a := uint64(r)<<40, keys(in, "a")
				var blk [1024]uint64
				for i := 0; i < len(a); i += len(blk) {
					b := blk[:min(len(blk), len(a)-i)]
					for k := range b {
						b[k] = uint64(a[i+k]) + off
					}
					s.UpdateKeys(b)
				}
				f, err := s.Estimate()
				if err != nil {
					return Result{}, err
				}
				e += relErr(f, in, 0) / hllReplicas
			}
			return Result{Quality: e, Note: fmt.Sprintf("p = 12, 4096 one-byte registers, HIP, UpdateKeys by 1024; F₀ = %.0f", in["stats"].At(0, 0))}, nil
		},
		GoPeer: func(in Inputs) (Result, error) {
			var e float64
			for r := range hllReplicas {
				h, err := hll.NewHllSketch(12, hll.TgtHllTypeHll8)
				if err != nil {
					return Result{}, err
				}
				off := uint64(r) << 40
				for _, v := range keys(in, "a") {
					if err := h.UpdateUInt64(uint64(v) + off); err != nil {
						return Result{}, err
					}
				}
				f, err := h.GetEstimate()
				if err != nil {
					return Result{}, err
				}
				e += relErr(f, in, 0) / hllReplicas
			}
			return Result{Quality: e, Note: "HLL_8, lg K = 12, 4096 bytes"}, nil
		},
	}
}
