// Package sltk is the root of the statistical-learning toolkit: each topic lives in its own
// sub-package (cluster, frame, viz, ...). This package holds nothing but this overview.
package sltk
