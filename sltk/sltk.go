package sltk

import "gonum.org/v1/gonum/mat"

// Classifier is a fitted model that assigns each row of x a label in [0, K).
type Classifier interface {
	Predict(x mat.Matrix) ([]int, error)
}

// Transformer is a fitted map from n×d data to n×p data (PCA, whitening, standardising, ...).
type Transformer interface {
	Transform(x mat.Matrix) (*mat.Dense, error)
}

// DensityModel is a fitted probability density (or mass function) on rows of data.
type DensityModel interface {
	// LogDensity returns log p(xᵢ) for each row xᵢ of x.
	LogDensity(x mat.Matrix) ([]float64, error)
	// Score returns the mean log-likelihood (1/n) Σᵢ log p(xᵢ), the quantity scikit-learn's
	// GaussianMixture.score reports, so that models fitted on different n compare.
	// scikit-learn's KernelDensity.score reports the sum Σᵢ log p(xᵢ) instead: n times Score.
	Score(x mat.Matrix) (float64, error)
}
