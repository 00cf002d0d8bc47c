package mapreduce_test

import (
	"context"
	"runtime"
	"testing"
	"time"

	"github.com/sltk-book/sltk/sltk/cluster"

	. "github.com/sltk-book/sltk/sltk/mapreduce"
)

// BenchmarkWordCount10M counts 10^7 generated words (100 documents of 10^5 words, Zipf over
// 50 000 words) on Prism with the combiner and with one Go map on one goroutine, the
// single-machine limit. It reports MB/s of text both ways and their ratio (> 1: Prism slower).
func BenchmarkWordCount10M(b *testing.B) {
	ctx := context.Background()
	spec := TextSpec{Chunks: 100, Words: 100_000, Vocab: 50_000, Seed: 1}
	if _, _, err := WordCount(ctx, Runner{}, []string{"warm up"}, true); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		t0 := time.Now()
		want, bytes, err := WordCountLocal(spec)
		if err != nil {
			b.Fatal(err)
		}
		local := time.Since(t0).Seconds()
		t0 = time.Now()
		got, cost, err := WordCountText(ctx, Runner{}, spec, true)
		if err != nil {
			b.Fatal(err)
		}
		prism := time.Since(t0).Seconds()
		if len(got) != len(want) {
			b.Fatalf("%d distinct words on Prism, %d locally", len(got), len(want))
		}
		mb := float64(bytes) / 1e6
		b.ReportMetric(mb/local, "local-MB/s")
		b.ReportMetric(mb/prism, "prism-MB/s")
		b.ReportMetric(prism/local, "prism/local")
		b.ReportMetric(float64(cost.Rounds[0].MapOut), "shuffled-pairs")
	}
	b.ReportMetric(float64(runtime.GOMAXPROCS(0)), "cores")
}

// BenchmarkKMeansStep times one Lloyd step (MaxIter 1: assign, update, reassign) of k-means on
// 50 000 points in 8 dimensions with k = 8, on Beam (50 map tasks) and with cluster.KMeans.
func BenchmarkKMeansStep(b *testing.B) {
	ctx := context.Background()
	x := blobs(50_000, 8, 8, 4)
	start := x.Slice(0, 8, 0, 8)
	if _, _, err := WordCount(ctx, Runner{}, []string{"warm up"}, true); err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		t0 := time.Now()
		_, err := cluster.KMeans{K: 8, Init: cluster.KMeansGiven, Centroids: start, MaxIter: 1}.Fit(x)
		if err != nil {
			b.Fatal(err)
		}
		local := time.Since(t0).Seconds()
		t0 = time.Now()
		_, costs, err := KMeans{Centroids: start, MaxIter: 1, Chunks: 50}.Fit(ctx, Runner{}, x)
		if err != nil {
			b.Fatal(err)
		}
		beam := time.Since(t0).Seconds()
		b.ReportMetric(local*1e3, "cluster-ms")
		b.ReportMetric(beam*1e3/float64(len(costs)), "beam-ms/round")
		b.ReportMetric(beam/local, "beam/cluster")
		b.ReportMetric(float64(costs[0].Rounds[0].MapOut), "shuffled-records/round")
	}
}
