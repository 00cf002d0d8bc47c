// Package mapreduce is chapter 7 of the book, the Map-Reduce model and its algorithms, run on a
// real distributed engine: Apache Beam (Go SDK). Every algorithm is written once as Beam
// transforms (MAP → beam.ParDo, shuffle → beam.GroupByKey, REDUCE → beam.ParDo over the grouped
// values, combiners as map-side pre-aggregation) and runs on Beam's Prism runner inside the
// process by default; Runner.Endpoint submits the same pipeline to any job server through Beam's
// portable runner, the path Flink, Spark and Dataflow take.
//
// The chapter's cost model is measured on the engine, with Beam metrics: map input and output
// pairs, reducer input sizes, the communication cost (the sum of all task inputs), the
// replication rate, the maximum reducer load and the number of rounds (Cost). The formulas it is
// compared with are MatMulFormulas, StripedFormulas, ReplicationRate and ExpectedLoad.
//
// The algorithms: WordCount (with and without a combiner), MatVec (versions 1 and 2),
// Select, Project, Union, Intersect, Difference, Join, GroupAvg, MatMul2 (two rounds), MatMul1
// (one round), MatMulStriped, Hypercube (the multiway join, with OptimizeShares) and, beyond the
// lecture, KMeans as an iterated pipeline. SimulateMaster is a small simulation (not Beam) of the
// lecture's master and its failure rules.
//
// This package is its own Go module, so that users of the rest of sltk do not download Beam.
package mapreduce
