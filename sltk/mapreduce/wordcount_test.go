package mapreduce_test

import (
	"context"
	"errors"
	"maps"
	"strings"
	"testing"

	. "github.com/sltk-book/sltk/sltk/mapreduce"
)

func wcLocal(docs []string) map[string]int64 {
	m := map[string]int64{}
	for _, d := range docs {
		for _, w := range strings.Fields(d) {
			m[w]++
		}
	}
	return m
}

func TestWordCount(t *testing.T) {
	ctx := context.Background()
	docs := []string{"the cat sat on the mat", "the dog sat", "a cat a dog a mat", "  the  end "}
	want := wcLocal(docs)
	tokens := int64(0)
	for _, c := range want {
		tokens += c
	}
	for _, combine := range []bool{false, true} {
		got, cost, err := WordCount(ctx, Runner{}, docs, combine)
		if err != nil {
			t.Fatal(err)
		}
		if !maps.Equal(got, want) {
			t.Errorf("combine=%v: got %v, want %v", combine, got, want)
		}
		r := cost.Rounds[0]
		t.Logf("combine=%v: %+v", combine, r)
		if r.MapIn != int64(len(docs)) || r.ReduceIn != r.MapOut || r.Keys != int64(len(want)) {
			t.Errorf("combine=%v: cost %+v", combine, r)
		}
		if !combine && r.MapOut != tokens {
			t.Errorf("without combiner: %d pairs shuffled, want %d tokens", r.MapOut, tokens)
		}
		if combine && r.MapOut > int64(len(docs)*len(want)) {
			t.Errorf("with combiner: %d pairs shuffled > docs × distinct", r.MapOut)
		}
	}
	if _, _, err := WordCount(ctx, Runner{}, nil, false); !errors.Is(err, ErrEmpty) {
		t.Errorf("no docs: err = %v", err)
	}
}
