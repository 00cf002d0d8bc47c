package density

import "github.com/sltk-book/sltk/sltk"

// Compile-time checks that the fitted models satisfy the interfaces of package sltk.
var (
	_ sltk.DensityModel = (*GMMResult)(nil)
	_ sltk.Classifier   = (*GMMResult)(nil)
	_ sltk.DensityModel = (*KDEModel)(nil)
	_ sltk.DensityModel = (*Gaussian)(nil)
)
