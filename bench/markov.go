package main

import (
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/mcmc"
	"github.com/sltk-book/sltk/sltk/montecarlo"
	"gonum.org/v1/gonum/mat"
)

// Workloads of chapter 6 (Monte Carlo and Markov chains). The chains have no scikit-learn
// peer: the stationary distribution is compared with NumPy's dense solve of the same linear
// system, and the two samplers with the plain-Python loop a reader of the chapter would write
// (same moves, Python's own generator).

// stationaryWorkload solves πQ = π for a dense random n-state chain (sltk: Grassmann–Taksar–
// Heyman elimination, FiniteChain.Stationary; NumPy: a dense LU solve of the same linear system).
func stationaryWorkload(n int) Workload {
	return Workload{
		Name:    fmt.Sprintf("Markov chain stationary distribution, dense n=%d", n),
		Quality: "‖πQ − π‖₁",
		Data: func() (Inputs, error) {
			c, err := mcmc.RandomChain(n, 3)
			if err != nil {
				return nil, err
			}
			return Inputs{"q": c.Matrix()}, nil
		},
		Run: func(in Inputs) (Result, error) {
			c, err := mcmc.NewFiniteChain(in["q"])
			if err != nil {
				return Result{}, err
			}
			pi, err := c.Stationary()
			if err != nil {
				return Result{}, err
			}
			next, err := c.Step(pi)
			if err != nil {
				return Result{}, err
			}
			var r float64
			for i := range pi {
				r += math.Abs(next[i] - pi[i])
			}
			return Result{Quality: r, Note: "GTH elimination in blocks of 64 states (n³/3 multiply-adds, nearly all on kernel.Gemm)"}, nil
		},
		Peer: "stationary_numpy",
	}
}

// matchingWorkload runs Metropolis–Hastings on the matchings of a side×side grid.
func matchingWorkload(side, steps int) Workload {
	return Workload{
		Name:    fmt.Sprintf("MH on matchings of the %d×%d grid, %d steps", side, side, steps),
		Quality: "mean |M| over the second half",
		Data: func() (Inputs, error) {
			e, err := mcmc.GridEdges(side, side)
			if err != nil {
				return nil, err
			}
			m := mat.NewDense(len(e), 2, nil)
			for k, uv := range e {
				m.Set(k, 0, float64(uv[0]))
				m.Set(k, 1, float64(uv[1]))
			}
			return Inputs{"edges": m}, nil
		},
		Run: func(in Inputs) (Result, error) {
			r, _ := in["edges"].Dims()
			e := make([][2]int, r)
			for k := range e {
				e[k] = [2]int{int(in["edges"].At(k, 0)), int(in["edges"].At(k, 1))}
			}
			c, err := mcmc.NewMatchingChain(side*side, e)
			if err != nil {
				return Result{}, err
			}
			sizes, err := c.Run(steps, 1)
			if err != nil {
				return Result{}, err
			}
			var mean float64
			for _, s := range sizes[steps/2:] {
				mean += float64(s) / float64(steps-steps/2)
			}
			return Result{Quality: mean, Note: "O(1) per step"}, nil
		},
		Peer:   "matching_mh_python",
		Params: map[string]any{"vertices": side * side, "steps": steps},
	}
}

// shuffleWorkload runs the random-card-to-top chain on n cards.
func shuffleWorkload(n, steps int) Workload {
	return Workload{
		Name:    fmt.Sprintf("card-to-top shuffle, %d cards, %d steps", n, steps),
		Quality: "fraction of steps with card 0 on top (1/n)",
		Data:    func() (Inputs, error) { return Inputs{}, nil },
		Run: func(Inputs) (Result, error) {
			deck := make([]int, n)
			for i := range deck {
				deck[i] = i
			}
			rng := rand.New(rand.NewPCG(1, 2))
			top := 0
			for t := 0; t < steps; t++ {
				mcmc.ShuffleStep(rng, deck)
				if deck[0] == 0 {
					top++
				}
			}
			return Result{Quality: float64(top) / float64(steps)}, nil
		},
		Peer:   "shuffle_python",
		Params: map[string]any{"n": n, "steps": steps},
	}
}

// karpLubyWorkload counts the models of a random DNF (no peer).
func karpLubyWorkload(vars, terms int) Workload {
	return Workload{
		Name:    fmt.Sprintf("Karp–Luby count, DNF with %d variables and %d terms, ε=0.05 δ=0.01", vars, terms),
		Quality: "estimated number of models",
		Data:    func() (Inputs, error) { return Inputs{}, nil },
		Run: func(Inputs) (Result, error) {
			d, err := montecarlo.RandomDNF(vars, terms, 3, 8, 1)
			if err != nil {
				return Result{}, err
			}
			c, err := montecarlo.KarpLuby{Seed: 1}.Count(d, 0.05, 0.01)
			if err != nil {
				return Result{}, err
			}
			return Result{Quality: c.Estimate, Note: fmt.Sprintf("%d trials", c.Trials)}, nil
		},
	}
}

func init() {
	register(stationaryWorkload(1000), matchingWorkload(30, 1_000_000), shuffleWorkload(52, 1_000_000),
		karpLubyWorkload(40, 100))
}
