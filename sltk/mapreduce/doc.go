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
// compared with are MatMulFormulas, StripedFormulas, ReplicationRate and ExpectedLoad, and the
// exact counts CountMatMul predicts from the nonzero pattern of the factors.
//
// The algorithms: WordCount (with and without a combiner), MatVec (versions 1 and 2),
// Select, Project, Union, Intersect, Difference, Join, GroupAvg, MatMul2 (two rounds), MatMul1
// (one round), MatMulStriped, Hypercube (the multiway join, with OptimizeShares) and, beyond the
// lecture, KMeans as an iterated pipeline. SimulateMaster is a small simulation (not Beam) of the
// lecture's master and its failure rules.
//
// Over files, for a cluster: FileWordCount, FileSketch (the stream sketches and a bottom-k
// sample as one Beam combiner), FileKMeans (one job per Lloyd iteration, on cluster.KMeans.Lloyd)
// and FilePCA (one pass) read their input with textio (FileSketch with a reader like it that
// gives each line its file and byte offset) and write their result with textio.Write, so that
// no data passes through the submitting process, and compute with the same code as the
// single-machine path (LocalWordCount, LocalSketch, cluster.KMeans, embed.PCA), to which the
// tests compare them. They run in any Runner.Environment: LOOPBACK, EXTERNAL (a worker pool in
// another process, such as `sltk-beam worker`, as the tests of cmd/sltk-beam do), PROCESS or
// DOCKER; or through Runner.Execute on any Beam runner (cmd/sltk-beam maps Beam's --runner flag
// to it).
//
// This package is its own Go module, so that users of the rest of sltk do not download Beam.
//
// Registration: every DoFn type is registered with beam.RegisterType and every function with
// beam.RegisterFunction, so the engine can name them in a pipeline and find them again in the
// worker; emitters and iterators with Beam's register.EmitterN and register.IterN, which keep
// their calls off reflection. The generic register.DoFnNxM and register.FunctionNxM are not
// used: each instantiation generates wrappers for every lifecycle method, and for this package's
// DoFns they took the compiled package from 3.1 MB to 346 MB and its compilation from 0.11 GB to
// 3.9 GB of memory, a cost a notebook kernel paid on compiling chapter 7 and the lab image paid in
// size. The DoFns are called through reflection instead, slower per element, which does not
// matter at the sizes of the chapter.
package mapreduce
