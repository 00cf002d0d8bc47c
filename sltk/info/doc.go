// Package info measures information in bits: entropy, relative entropy (KL), joint and
// conditional entropy, mutual information, information gain for decision trees, and the
// lossy source-coding construction of Shannon's theorem.
//
// It implements AFDS (Algorithmic Foundations of Data Science) chapter 2 (Information and
// compression):
// §2.3 Entropy (Def. 2.11, Lemma 2.13, Jensen Lemma 2.14, Log-Sum Cor. 2.15, information
// gain of §2.3 "Decision Tree Learning Revisited") and §2.4 Compression (compression and loss
// rates, Observation 2.16, the scheme Γ_ε, the typical set T_β(n) of Lemma 2.17 and the Source
// Coding Theorem 2.18). Channels and capacity (SLT chapter 10, Posterior agreement from
// information theory) live in other files of this package
// and build on the functions here. SLT appendix A (Information theory) adds binary prefix
// codes (Kraft sums, Shannon lengths, Huffman codes, canonical codewords with Encode and
// Decode), the typical set of any i.i.d. source, the erasure and Z-channels, cascades of
// channels (the data-processing inequality), marginals of a joint distribution, and the letter
// statistics of a text (ReadLetters).
//
// All logarithms are base 2. Probability vectors must be non-negative, finite and sum to 1
// within 1e-9; every violation is reported as an error wrapping one of the sentinel errors
// below, so callers can test with errors.Is.
//
// Seed errata handled here: the proof of Lemma 2.13 uses Σ p_i log(n p_i) ≥ 0 (the seed writes
// log(p_i/n)); the typical-set mass satisfies P^n(T_β(n)) ≥ 1 − V/(nβ²) (the seed writes "=").
package info
