// Package regress fits real-valued functions by least squares on a fixed set of basis
// functions, the setting of the overfitting example of AFDS (Algorithmic Foundations of Data
// Science) chapter 1 (Understanding ML algorithms), Example 1.1: the target f(x) = a sin x + b x +
// c is realisable by the span of {sin x, x, 1} but not by polynomials, and richer polynomial
// classes fit the training data ever better while their error on new points first falls and then
// rises.
//
// BasisLS fits w minimising Σ_i (y_i − Σ_j w_j g_j(x_i))² for scalar inputs x_i and any basis
// g_1, …, g_d; Polynomial builds the monomial basis (x/s)^k, k = 0, …, degree. The least-squares
// problem is solved by gonum's QR factorisation of the design matrix, never through the normal
// equations, whose condition number is the square of the design matrix's.
//
// Bad input (empty or mismatched data, NaN or ±Inf, fewer points than basis functions, a
// basis function that returns a non-finite value) returns an error wrapping a sentinel of
// package errs (ErrEmpty, ErrShape, ErrNotFinite, ErrParam, ErrSingular), re-exported here.
package regress
