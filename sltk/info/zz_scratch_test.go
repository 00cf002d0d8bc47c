package info

import (
	"fmt"
	"math"
	"testing"

	"github.com/sltk-book/sltk/sltk/gibbs"
)

func TestScratch2(t *testing.T) {
	_, docs, _ := LoadCorpus("/usr/share/common-licenses")
	vocab, _ := CorpusWords(docs, 300, 3)
	c, _ := Cooccurrence(docs, vocab)
	j, _ := JointFromCounts(c)
	p, _ := BottleneckPath{K: 8, Schedule: gibbs.Schedule{Cooling: 0.95}}.Fit(j)
	bad := 0
	for i := 1; i < len(p.Levels); i++ {
		a, b := p.Levels[i-1], p.Levels[i]
		if b.IXT-a.IXT < 1e-9 {
			continue
		}
		s := (b.ITY - a.ITY) / (b.IXT - a.IXT)
		if s > 1/a.Beta+1e-9 || s < 1/b.Beta-1e-9 {
			bad++
			fmt.Printf("chord %d: %g not in [%g, %g]\n", i, s, 1/b.Beta, 1/a.Beta)
		}
	}
	fmt.Println("bad", bad, len(p.Levels))
	for _, k := range []int{2, 3, 4, 8} {
		s, _ := SequentialBottleneck{K: k, Seed: 1}.Fit(j)
		fmt.Println("sIB", k, s.ITY, s.IXT, s.Labels, s.Iter)
	}
	last := p.Levels[len(p.Levels)-1]
	fmt.Println("IB", last.ITY, last.IXT)
	// synthetic
	js := ibJoint()
	ps, _ := BottleneckPath{K: 3, Schedule: gibbs.Schedule{Cooling: 0.95, TMin: 1e-3}}.Fit(js)
	all, _ := HardEncoders(js, 3)
	worst := math.Inf(-1)
	for _, l := range ps.Levels {
		m := math.Inf(1)
		for _, e := range all {
			m = math.Min(m, e.IXT-l.Beta*e.ITY)
		}
		worst = math.Max(worst, l.Lagrangian-m)
	}
	fmt.Println("worst L - min hard", worst, ps.BetaC, ps.Splits, len(ps.Levels))
	bad = 0
	for i := 1; i < len(ps.Levels); i++ {
		a, b := ps.Levels[i-1], ps.Levels[i]
		if b.IXT-a.IXT < 1e-9 {
			continue
		}
		s := (b.ITY - a.ITY) / (b.IXT - a.IXT)
		if s > 1/a.Beta+1e-9 || s < 1/b.Beta-1e-9 {
			bad++
			fmt.Printf("chord %d: %g not in [%g, %g]\n", i, s, 1/b.Beta, 1/a.Beta)
		}
	}
	fmt.Println("bad syn", bad)
}
