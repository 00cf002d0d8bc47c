// Package stream holds the streaming algorithms of the RWTH lecture's chapter 8: algorithms
// that see a stream a₁, a₂, … once, never know its length in advance, and keep a small summary.
//
//   - Sampling (§8.1): Reservoir (RESERVOIRSAMPLE; k = 1 is SIMPLESAMPLE), SkipReservoir (the
//     same distribution with geometric skips, for long streams), WeightedReservoir, and
//     BottomK/BottomKSample (a uniform sample by hashed priorities, whose merge is exact and
//     independent of how the stream was split: the sample for distributed runs).
//   - Hashing (§8.2): the universal family ModP (Example 8.6), the polynomial families
//     PolyPrime and PolyGF2 (Lemma 8.13, Theorems 8.14–8.15), the sign hash Sign for
//     Tug-of-War, MultiplyShift; exhaustive checks of the families (ModPMaxCollision,
//     PolyUniformityGap, GF2PatternCounts), SignatureBits, Collisions and SignatureCollisions
//     (Lemma 8.8, Theorem 8.9).
//   - Distinct elements (§8.3): ExactCountBits (Theorem 8.17), COUNT(ε) as Count/KMV, MCOUNT as
//     MCount/MedianKMV, ExpectedMinimum (E(min S) = (N+1)/(m+1)) and its simulation
//     SampleMinimum. Beyond the lecture, HyperLogLog/HLLSketch (Flajolet et al. 2007, with the
//     HIP estimate and Ertl's 2017 estimator), the sketch to use when memory matters: 1.3 %
//     standard error in 4 KiB.
//   - Frequency moments (§8.4): Frequencies and Moment (exact), the AMS estimator (Theorem
//     8.19) with its exact mean and variance, TugOfWar and AVG-ToW (Lemma 8.21, Theorem 8.23).
//   - Sketches (§8.5): CountMin in the turnstile model (depth 1 is SIMPLE SKETCH; Lemma 8.24,
//     Theorem 8.25) and HeavyHitters (Theorem 8.28).
//
// Every algorithm is a type with an Update method and a query; its randomness comes only from
// a Seed. Updates do not allocate. The sketches KMV, MedianKMV, HLLSketch, ToWSketch, CMSketch,
// HHSketch and BottomKSample merge when built with the same shape and seed (so do two
// Reservoirs of the same size), and all serialise with MarshalBinary/UnmarshalBinary.
// Bad parameters (ε or δ outside (0,1), k ≤ 0, sizes beyond the documented limits) return
// errors wrapping the sentinels of sltk/errs, re-exported here.
package stream

import "github.com/sltk-book/sltk/sltk/errs"

// Sentinel errors (the same values as in sltk/errs).
var (
	ErrEmpty     = errs.ErrEmpty
	ErrParam     = errs.ErrParam
	ErrShape     = errs.ErrShape
	ErrTooLarge  = errs.ErrTooLarge
	ErrNotFitted = errs.ErrNotFitted
	ErrNotFinite = errs.ErrNotFinite
)
