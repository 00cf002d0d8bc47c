package mcmc

import (
	"cmp"
	"fmt"
	"math"
	"math/rand/v2"

	"github.com/sltk-book/sltk/sltk/gibbs"
	"github.com/sltk-book/sltk/sltk/internal/check"
)

// Acceptance returns the log-probability of accepting a move whose cost change Δ gives
// x = Δ/T (x = βΔ).
type Acceptance func(x float64) float64

// Metropolis is the acceptance min(1, e^{−βΔ}) of eqs. (2.5)/(2.7). Its log is finite: an x
// too large (or NaN) gives −MaxFloat64, a move that is never accepted.
func Metropolis(x float64) float64 {
	if !(x < math.MaxFloat64) {
		return -math.MaxFloat64
	}
	return math.Min(0, -x)
}

// HeatBath is the Glauber (heat-bath) acceptance 1/(1 + e^{βΔ}); it also satisfies detailed
// balance for the Gibbs target and is the rule of mean-field style single-site updates.
// Like Metropolis, it returns −MaxFloat64 for x = +Inf or NaN.
func HeatBath(x float64) float64 {
	if !(x < math.MaxFloat64) {
		return -math.MaxFloat64
	}
	// −log(1+e^x) computed without overflow.
	if x > 0 {
		return -x - math.Log1p(math.Exp(-x))
	}
	return -math.Log1p(math.Exp(x))
}

// System is a state that simulated annealing can explore in place. Propose picks a random move
// and returns the cost change it would cause without applying it; Accept applies the move last
// proposed. Cost returns the current cost. Large systems (e.g. an Ising lattice) thus pay only
// for the local change of each move.
type System interface {
	Cost() float64
	Propose(rng *rand.Rand) (delta float64)
	Accept()
}

// BestRecorder is implemented by systems that want to keep a copy of the best state seen;
// SimulatedAnnealing calls RecordBest whenever the current cost reaches a new minimum.
type BestRecorder interface {
	RecordBest()
}

// SimulatedAnnealing is simulated annealing (SLT chapter 2 (MCMC and simulated annealing),
// Algorithm 1) on the library's annealing driver gibbs.Anneal: at each temperature T_k of the
// schedule (gibbs.Schedule: T0·Cooling^k down to TMin; T0 and TMin are required, Cooling 0 means
// 0.9) it runs Steps proposals with the acceptance rule, carrying the last state to the next
// temperature. The seed's SIMANN signature omits the number of steps per temperature and loops t =
// 0…N (erratum E10); here Steps is a field and exactly Steps proposals run per level. A chain at
// one fixed temperature is the schedule T0 = TMin. Cost: Steps proposals per level; Steps is at
// most MaxSteps and Steps × levels at most MaxAnnealWork (MaxTraceCosts with TraceCosts),
// errs.ErrTooLarge beyond.
type SimulatedAnnealing struct {
	Schedule gibbs.Schedule
	Accept   Acceptance // nil means Metropolis
	Steps    int        // proposals per temperature; 0 means 100
	Seed     uint64
	// TraceCosts records the cost after every proposal in SAResult.Costs.
	TraceCosts bool
}

// Anneal is SimulatedAnnealing under its old name, which gibbs.Anneal (the driver) also bears.
//
// Deprecated: use SimulatedAnnealing.
type Anneal = SimulatedAnnealing

// Level is SALevel under its old name, which gibbs.Level (the common record) also bears.
//
// Deprecated: use SALevel.
type Level = SALevel

// SALevel summarises one temperature of an annealing run: the common record (Cost is the mean
// cost over the level's proposals, Iter the number of proposals) and the sampler's figures.
type SALevel struct {
	gibbs.Level
	LastCost   float64
	AcceptRate float64
}

// SAResult is the outcome of an annealing run.
type SAResult struct {
	Levels   []SALevel
	Costs    []float64 // cost after every proposal (only with TraceCosts)
	BestCost float64
	BestStep int // proposal index at which BestCost was first reached (−1: initial state)
	Final    float64
}

const (
	// MaxAnnealWork caps the proposals of one SimulatedAnnealing.Run, Steps × levels (hours of
	// work for the cheapest systems).
	MaxAnnealWork = 1 << 34
	// MaxTraceCosts caps Steps × levels when TraceCosts records every cost (128 MiB).
	MaxTraceCosts = 1 << 24
)

// checker is implemented by systems that can tell whether they are usable (FuncSystem without
// its functions is not); SimulatedAnnealing.Run asks before it starts.
type checker interface{ check() error }

// Run anneals sys in place. Cost changes that are NaN are reported as errors; the cost is
// tracked incrementally from sys.Cost() and the deltas. A nil system, or a FuncSystem without
// CostFn or ProposeFn, is errs.ErrEmpty.
func (a SimulatedAnnealing) Run(sys System) (*SAResult, error) {
	if sys == nil {
		return nil, fmt.Errorf("mcmc: SimulatedAnnealing.Run: nil system: %w", ErrEmpty)
	}
	if c, ok := sys.(checker); ok {
		if err := c.check(); err != nil {
			return nil, err
		}
	}
	sched, err := a.Schedule.Resolve(gibbs.Schedule{})
	if err != nil {
		return nil, fmt.Errorf("mcmc: SimulatedAnnealing: %w", err)
	}
	if a.Steps < 0 {
		return nil, fmt.Errorf("mcmc: SimulatedAnnealing: Steps = %d, want ≥ 0: %w", a.Steps, ErrParam)
	}
	steps := cmp.Or(a.Steps, 100)
	if steps > MaxSteps {
		return nil, fmt.Errorf("mcmc: SimulatedAnnealing.Run: Steps = %d, limit %d: %w", steps, MaxSteps, ErrTooLarge)
	}
	limit, what := MaxAnnealWork, "MaxAnnealWork"
	if a.TraceCosts {
		limit, what = MaxTraceCosts, "MaxTraceCosts (with TraceCosts)"
	}
	if levels := sched.Levels(); steps*levels > limit {
		return nil, fmt.Errorf("mcmc: SimulatedAnnealing.Run: Steps × levels = %d × %d, limit %s = %d: %w",
			steps, levels, what, limit, ErrTooLarge)
	}
	acc := a.Accept
	if acc == nil {
		acc = Metropolis
	}
	rng := rand.New(rand.NewPCG(a.Seed, 0x616e6e65))
	cost := sys.Cost()
	if math.IsNaN(cost) || math.IsInf(cost, 0) {
		return nil, fmt.Errorf("mcmc: SimulatedAnnealing.Run: initial cost %g: %w", cost, ErrNotFinite)
	}
	rec, _ := sys.(BestRecorder)
	res := &SAResult{BestCost: cost, BestStep: -1}
	if rec != nil {
		rec.RecordBest()
	}
	step := 0
	res.Levels, err = gibbs.Anneal(sched.Temperatures(), 0, func(k int, T float64) (SALevel, error) {
		var sum float64
		nacc := 0
		for t := 0; t < steps; t++ {
			d := sys.Propose(rng)
			if math.IsNaN(d) {
				return SALevel{}, fmt.Errorf("mcmc: SimulatedAnnealing.Run: NaN cost change at step %d: %w", t, ErrNotFinite)
			}
			la := acc(d / T)
			if la >= 0 || math.Log(rng.Float64()) < la {
				sys.Accept()
				cost += d
				nacc++
				if cost < res.BestCost {
					res.BestCost, res.BestStep = cost, step
					if rec != nil {
						rec.RecordBest()
					}
				}
			}
			sum += cost
			if a.TraceCosts {
				res.Costs = append(res.Costs, cost)
			}
			step++
		}
		return SALevel{Level: gibbs.Level{T: T, Cost: sum / float64(steps), Iter: steps}, LastCost: cost,
			AcceptRate: float64(nacc) / float64(steps)}, nil
	})
	res.Final = cost
	return res, err
}

// FuncSystem adapts a value-typed state with a cost function and a proposal function to System,
// so that simulated annealing runs on any S. Each proposal evaluates Cost on the proposed state
// (use a custom System when moves have cheap local cost changes). Best holds the best state seen.
type FuncSystem[S any] struct {
	State     S
	CostFn    func(S) float64
	ProposeFn func(rng *rand.Rand, s S) S

	cur, next         float64
	pending           S
	Best              S
	started, proposed bool
}

// NewFuncSystem returns a System on the state s0 with the given cost and proposal. s0 must
// hold no NaN or ±Inf (ErrNotFinite), and its cost must be finite.
func NewFuncSystem[S any](s0 S, cost func(S) float64, propose func(rng *rand.Rand, s S) S) (*FuncSystem[S], error) {
	switch {
	case cost == nil:
		return nil, fmt.Errorf("mcmc: NewFuncSystem: cost is nil: %w", ErrParam)
	case propose == nil:
		return nil, fmt.Errorf("mcmc: NewFuncSystem: propose is nil: %w", ErrParam)
	}
	if path := check.NonFinite(s0, "s0", 0); path != "" {
		return nil, fmt.Errorf("mcmc: NewFuncSystem: %s: %w", path, ErrNotFinite)
	}
	if c := cost(s0); math.IsNaN(c) || math.IsInf(c, 0) {
		return nil, fmt.Errorf("mcmc: NewFuncSystem: cost(s0) = %v: %w", c, ErrNotFinite)
	}
	return &FuncSystem[S]{State: s0, CostFn: cost, ProposeFn: propose, Best: s0}, nil
}

// usable reports whether f has its functions: the methods of a nil FuncSystem or of one
// without CostFn or ProposeFn do nothing and report cost 0 (System has no error results).
func (f *FuncSystem[S]) usable() bool { return f != nil && f.CostFn != nil && f.ProposeFn != nil }

// check reports a FuncSystem that is nil or lacks CostFn or ProposeFn (for SimulatedAnnealing.Run).
func (f *FuncSystem[S]) check() error {
	if !f.usable() {
		return fmt.Errorf("mcmc: SimulatedAnnealing.Run: FuncSystem is nil or has a nil CostFn or ProposeFn (use NewFuncSystem): %w", ErrEmpty)
	}
	return nil
}

// Cost returns the cost of the current state.
func (f *FuncSystem[S]) Cost() float64 {
	if !f.usable() {
		return 0
	}
	if !f.started {
		f.cur, f.started = f.CostFn(f.State), true
	}
	return f.cur
}

// Propose draws a proposal and returns its cost change (0, and no proposal, for a nil rng).
func (f *FuncSystem[S]) Propose(rng *rand.Rand) float64 {
	if !f.usable() || rng == nil {
		return 0
	}
	c := f.Cost()
	f.pending = f.ProposeFn(rng, f.State)
	f.next = f.CostFn(f.pending)
	f.proposed = true
	return f.next - c
}

// Accept moves to the last proposal.
func (f *FuncSystem[S]) Accept() {
	if f != nil && f.proposed {
		f.State, f.cur, f.proposed = f.pending, f.next, false
	}
}

// RecordBest stores the current state as the best one.
func (f *FuncSystem[S]) RecordBest() {
	if f != nil {
		f.Best = f.State
	}
}
