package online

// Punisher is an adaptive bandit adversary that punishes habits: in every round action a pays
// Base[a], except the action the player chose most often in its last Memory rounds (ties: the
// one reaching the top count first), which pays 0. Whatever EXP3 starts to trust is punished,
// which makes the guarantee of Thm 4.7 against adaptive adversaries visible. Base values must
// lie in [0, 1] (EXP3.RunAdaptive checks them). A zero Memory means 50. Cost O(Memory + n)
// per round.
type Punisher struct {
	Base   []float64
	Memory int
	q      []float64
}

var _ Adversary = (*Punisher)(nil)

// Rewards returns the reward vector of round t given the player's earlier actions; the slice
// is reused by the next call. A nil Punisher pays nothing (nil).
func (p *Punisher) Rewards(t int, history []int) []float64 {
	if p == nil {
		return nil
	}
	mem := p.Memory
	if mem <= 0 {
		mem = 50
	}
	if len(p.q) != len(p.Base) {
		p.q = make([]float64, len(p.Base))
	}
	copy(p.q, p.Base)
	counts := make([]int, len(p.Base))
	most := -1
	for _, a := range history[max(0, len(history)-mem):] {
		if a < 0 || a >= len(counts) {
			continue
		}
		counts[a]++
		if most < 0 || counts[a] > counts[most] {
			most = a
		}
	}
	if most >= 0 {
		p.q[most] = 0
	}
	return p.q
}
