package mapreduce

import (
	"context"
	"fmt"
	"math/rand/v2"
	"reflect"
	"strconv"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
)

// WordCount counts the words (maximal runs of non-space characters) of docs, one map task per
// document (A7.1): MAP emits (w, 1) per token, the shuffle groups by word, REDUCE sums. With
// combine, every map task first sums its own pairs (the combiner is REDUCE itself, allowed
// because + is commutative and associative), so it ships one pair per distinct word instead of
// one per token. The result is the same; the measured Cost shows the shuffle shrink.
//
// Cost: O(tokens) work; without the combiner the shuffle moves one pair per token, with it at
// most (documents × distinct words) pairs.
func WordCount(ctx context.Context, r Runner, docs []string, combine bool) (map[string]int64, Cost, error) {
	if len(docs) == 0 {
		return nil, Cost{}, fmt.Errorf("mapreduce: WordCount: no documents: %w", ErrEmpty)
	}
	p, s := beam.NewPipelineWithRoot()
	return wordCount(ctx, r, p, s, beam.CreateList(s, docs), combine)
}

// TextSpec describes generated text: Chunks documents of Words words each, drawn from a Zipf law
// (exponent 1.1) over Vocab words "w0", "w1", ..., with random numbers from Seed only.
type TextSpec struct {
	Chunks, Words, Vocab int
	Seed                 uint64
}

// maxTextWords bounds a TextSpec: Chunks·Words ≤ 10^9 words (several GB of text).
const maxTextWords = 1_000_000_000

func (t TextSpec) check(fn string) error {
	switch {
	case t.Chunks <= 0 || t.Words <= 0 || t.Vocab <= 0:
		return fmt.Errorf("mapreduce: %s: TextSpec{Chunks: %d, Words: %d, Vocab: %d}, want all > 0: %w", fn, t.Chunks, t.Words, t.Vocab, ErrParam)
	case t.Chunks > maxTextWords/t.Words:
		return fmt.Errorf("mapreduce: %s: %d×%d words, limit %d: %w", fn, t.Chunks, t.Words, maxTextWords, ErrTooLarge)
	}
	return nil
}

// Chunk returns document i: the same text on every call and every machine.
func (t TextSpec) Chunk(i int) string {
	rng := rand.New(rand.NewPCG(t.Seed, uint64(i)))
	z := rand.NewZipf(rng, 1.1, 1, uint64(t.Vocab-1))
	var b strings.Builder
	b.Grow(t.Words * 6)
	buf := make([]byte, 0, 24)
	for w := range t.Words {
		if w > 0 {
			b.WriteByte(' ')
		}
		buf = strconv.AppendUint(append(buf[:0], 'w'), z.Uint64(), 10)
		b.Write(buf)
	}
	return b.String()
}

// WordCountText is WordCount on generated text: the documents are generated inside the map
// tasks, so the pipeline carries no data, only the spec.
func WordCountText(ctx context.Context, r Runner, t TextSpec, combine bool) (map[string]int64, Cost, error) {
	if err := t.check("WordCountText"); err != nil {
		return nil, Cost{}, err
	}
	p, s := beam.NewPipelineWithRoot()
	ids := make([]int, t.Chunks)
	for i := range ids {
		ids[i] = i
	}
	docs := beam.ParDo(s, &genFn{Spec: t}, beam.CreateList(s, ids))
	return wordCount(ctx, r, p, s, docs, combine)
}

// WordCountLocal is the single-machine baseline: one Go map, one goroutine. It returns the
// counts and the number of bytes of text read.
func WordCountLocal(t TextSpec) (map[string]int64, int64, error) {
	if err := t.check("WordCountLocal"); err != nil {
		return nil, 0, err
	}
	counts := map[string]int64{}
	var bytes int64
	for i := range t.Chunks {
		doc := t.Chunk(i)
		bytes += int64(len(doc))
		for _, w := range strings.Fields(doc) {
			counts[w]++
		}
	}
	return counts, bytes, nil
}

func wordCount(ctx context.Context, r Runner, p *beam.Pipeline, s beam.Scope, docs beam.PCollection,
	combine bool) (map[string]int64, Cost, error) {
	var m meter
	pairs := beam.ParDo(s, &wcMapFn{Combine: combine}, docs)
	g := m.shuffle(s, docs, pairs, false)
	id := collect(s, beam.ParDo(s, sumInts, g))
	got, c, err := r.measure(ctx, p, &m, id)
	if err != nil {
		return nil, Cost{}, err
	}
	out := map[string]int64{}
	for _, x := range got[0] {
		kv := x.(pair)
		out[kv.K.(string)] = kv.V.(int64)
	}
	return out, c, nil
}

type genFn struct{ Spec TextSpec }

func (f *genFn) ProcessElement(i int, emit func(string)) { emit(f.Spec.Chunk(i)) }

// wcMapFn is word count's MAP; with Combine it sums within the document before emitting.
type wcMapFn struct{ Combine bool }

func (f *wcMapFn) ProcessElement(doc string, emit func(string, int64)) {
	if !f.Combine {
		for _, w := range strings.Fields(doc) {
			emit(w, 1)
		}
		return
	}
	local := map[string]int64{}
	for _, w := range strings.Fields(doc) {
		local[w]++
	}
	for w, c := range local {
		emit(w, c)
	}
}

// sumInts is word count's REDUCE.
func sumInts(k string, vs func(*int64) bool) (string, int64) {
	var s, v int64
	for vs(&v) {
		s += v
	}
	return k, s
}

func init() {
	beam.RegisterType(reflect.TypeOf((*genFn)(nil)).Elem())
	beam.RegisterType(reflect.TypeOf((*wcMapFn)(nil)).Elem())
	beam.RegisterFunction(sumInts)
	register.Emitter1[string]()
	register.Emitter2[string, int64]()
	register.Iter1[int64]()
}
