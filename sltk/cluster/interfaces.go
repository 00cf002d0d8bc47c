package cluster

import "github.com/sltk-book/sltk/sltk"

// Compile-time check that fitted k-means (KMeans, OnlineKMeans, OnlineSoftKMeans) is an
// sltk.Classifier: Predict gives the nearest centroid of new rows.
var _ sltk.Classifier = (*KMeansResult)(nil)
