// Package bounds evaluates the tail bounds and sample-size bounds of AFDS (Algorithmic
// Foundations of Data Science) chapter 2 (Information and compression) and chapter 3
// (Statistical learning theory): §2.1 Markov, Chebyshev and Thm 2.2 / Cor. 2.3 (pairwise
// independence, weak law of large numbers); §2.2 the multiplicative Chernoff bounds (Cor. 2.6),
// Hoeffding (Cor. 2.7) and the general tail bound Thm 2.8; exact binomial and hypergeometric
// tails to compare them with (Examples 2.4 and 2.5); and §3.3 the PAC sample sizes: Thm 3.4
// (finite class, realisable), Thm 3.6 (uniform convergence), Thm 3.7 (agnostic), Thm 3.8
// (description length), the decision-tree bound and Thm 3.9 (VC dimension).
//
// Every function checks the domain of its theorem and returns an error wrapping ErrParam
// outside it, instead of a meaningless number. Sample sizes take ln|H| rather than |H|, because
// classes such as the 2^704 separators of the discretisation example overflow float64.
//
// Corrected forms implemented here: Hoeffding holds for independent (not necessarily identical)
// variables in [a, b] with (b−a)² in the exponent (the seed states it for i.i.d. bits; its
// Lemma 6.2 writes (b−a)); the uniform-convergence size uses e^{−2mε²} (the seed's proof writes
// base 2); ⌈·⌉ of a sample size is taken with a 1e-9 tolerance, because 24/0.1² is
// 2399.9999999999995 in float64.
package bounds
