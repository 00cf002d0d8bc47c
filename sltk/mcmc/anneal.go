package mcmc

import (
	"fmt"
	"math"
	"math/rand/v2"
)

// Schedule gives the temperature of the k-th temperature level of an annealing run, k = 0, 1, ….
// The run stops at the first level whose temperature is ≤ Anneal.TMin (or after MaxLevels).
type Schedule func(k int) float64

// Geometric returns T_k = t0·alpha^k (T ← αT in the seed's `reduce`), the usual choice with
// alpha in [0.8, 0.99].
func Geometric(t0, alpha float64) Schedule {
	return func(k int) float64 { return t0 * math.Pow(alpha, float64(k)) }
}

// Linear returns T_k = t0 − k·step, reaching 0 after t0/step levels.
func Linear(t0, step float64) Schedule {
	return func(k int) float64 { return t0 - float64(k)*step }
}

// Logarithmic returns T_k = c / log(k + 2), the slow schedule under which simulated annealing
// provably concentrates on global minima when c exceeds the deepest barrier (Hajek 1988;
// not in the seed). It never reaches 0, so bound the run by MaxLevels or TMin.
func Logarithmic(c float64) Schedule {
	return func(k int) float64 { return c / math.Log(float64(k)+2) }
}

// Acceptance returns the log-probability of accepting a move whose cost change Δ gives
// x = Δ/T (x = βΔ).
type Acceptance func(x float64) float64

// Metropolis is the acceptance min(1, e^{−βΔ}) of eqs. (2.5)/(2.7).
func Metropolis(x float64) float64 { return math.Min(0, -x) }

// HeatBath is the Glauber (heat-bath) acceptance 1/(1 + e^{βΔ}); it also satisfies detailed
// balance for the Gibbs target and is the rule of mean-field style single-site updates.
func HeatBath(x float64) float64 {
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
// Anneal calls RecordBest whenever the current cost reaches a new minimum.
type BestRecorder interface {
	RecordBest()
}

// Anneal is simulated annealing (seed 000, Algorithm 1): at each temperature T_k of the
// schedule it runs Steps proposals with the acceptance rule, carrying the last state to the next
// temperature, until T_k ≤ TMin or MaxLevels levels have run. The seed's SIMANN signature omits
// the number of steps per temperature and loops t = 0…N (erratum E10); here Steps is a field and
// exactly Steps proposals run per level. Cost: Steps proposals per level.
type Anneal struct {
	Schedule  Schedule   // required
	Accept    Acceptance // nil means Metropolis
	Steps     int        // proposals per temperature; 0 means 100
	TMin      float64    // stop at the first level with T ≤ TMin; must be ≥ 0
	MaxLevels int        // cap on the number of levels; 0 means 10000
	Seed      uint64
	// TraceCosts records the cost after every proposal in SAResult.Costs.
	TraceCosts bool
}

// Level summarises one temperature of an annealing run.
type Level struct {
	T          float64
	MeanCost   float64 // mean cost over the level's steps
	LastCost   float64
	AcceptRate float64
}

// SAResult is the outcome of an annealing run.
type SAResult struct {
	Levels   []Level
	Costs    []float64 // cost after every proposal (only with TraceCosts)
	BestCost float64
	BestStep int // proposal index at which BestCost was first reached (−1: initial state)
	Final    float64
}

// Run anneals sys in place. Cost changes that are NaN are reported as errors; the cost is
// tracked incrementally from sys.Cost() and the deltas.
func (a Anneal) Run(sys System) (*SAResult, error) {
	if sys == nil || a.Schedule == nil {
		return nil, fmt.Errorf("%w: Anneal needs a system and a schedule", ErrInput)
	}
	if a.Steps < 0 || a.MaxLevels < 0 || !(a.TMin >= 0) {
		return nil, fmt.Errorf("%w: Anneal needs Steps ≥ 0, MaxLevels ≥ 0, TMin ≥ 0", ErrInput)
	}
	steps, levels := a.Steps, a.MaxLevels
	if steps == 0 {
		steps = 100
	}
	if levels == 0 {
		levels = 10000
	}
	acc := a.Accept
	if acc == nil {
		acc = Metropolis
	}
	rng := rand.New(rand.NewPCG(a.Seed, 0x616e6e65))
	cost := sys.Cost()
	if math.IsNaN(cost) || math.IsInf(cost, 0) {
		return nil, fmt.Errorf("%w: initial cost %g", ErrInput, cost)
	}
	rec, _ := sys.(BestRecorder)
	res := &SAResult{BestCost: cost, BestStep: -1}
	if rec != nil {
		rec.RecordBest()
	}
	step := 0
	for k := 0; k < levels; k++ {
		T := a.Schedule(k)
		if math.IsNaN(T) || math.IsInf(T, 0) {
			return res, fmt.Errorf("%w: schedule gives T = %g at level %d", ErrTemperature, T, k)
		}
		if T <= a.TMin || T <= 0 {
			break
		}
		var sum float64
		nacc := 0
		for t := 0; t < steps; t++ {
			d := sys.Propose(rng)
			if math.IsNaN(d) {
				return res, fmt.Errorf("%w: NaN cost change at level %d step %d", ErrInput, k, t)
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
		res.Levels = append(res.Levels, Level{T: T, MeanCost: sum / float64(steps), LastCost: cost,
			AcceptRate: float64(nacc) / float64(steps)})
	}
	res.Final = cost
	return res, nil
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

// NewFuncSystem returns a System on the state s0 with the given cost and proposal.
func NewFuncSystem[S any](s0 S, cost func(S) float64, propose func(rng *rand.Rand, s S) S) (*FuncSystem[S], error) {
	if cost == nil || propose == nil {
		return nil, fmt.Errorf("%w: FuncSystem needs cost and propose", ErrInput)
	}
	return &FuncSystem[S]{State: s0, CostFn: cost, ProposeFn: propose, Best: s0}, nil
}

// Cost returns the cost of the current state.
func (f *FuncSystem[S]) Cost() float64 {
	if !f.started {
		f.cur, f.started = f.CostFn(f.State), true
	}
	return f.cur
}

// Propose draws a proposal and returns its cost change.
func (f *FuncSystem[S]) Propose(rng *rand.Rand) float64 {
	c := f.Cost()
	f.pending = f.ProposeFn(rng, f.State)
	f.next = f.CostFn(f.pending)
	f.proposed = true
	return f.next - c
}

// Accept moves to the last proposal.
func (f *FuncSystem[S]) Accept() {
	if f.proposed {
		f.State, f.cur, f.proposed = f.pending, f.next, false
	}
}

// RecordBest stores the current state as the best one.
func (f *FuncSystem[S]) RecordBest() { f.Best = f.State }
