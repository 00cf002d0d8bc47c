package cluster

import (
	"cmp"
	"fmt"
	"math"

	"github.com/sltk-book/sltk/sltk/internal/check"
	"gonum.org/v1/gonum/mat"
)

// Topology is the lattice on which the nodes of a self-organising map sit.
type Topology int

const (
	// Chain places M nodes on a line, r_q = q (ML chapter 4 (Clustering and embedding) Algorithm
	// 5).
	Chain Topology = iota
	// Grid places Rows×Cols nodes on a square lattice, r_q = (row, col); node q = row·Cols + col.
	Grid
)

// WinnerRule selects the winning node of an online SOM step.
type WinnerRule int

const (
	// Nearest is Kohonen's rule: win = argmin_r ‖x − w_r‖ (Algorithm 5).
	Nearest WinnerRule = iota
	// Heskes uses the neighbourhood-weighted distance win = argmin_r Σ_q h_rq ‖x − w_q‖²
	// (the second "Algorithm 6" of §4.3.2), which makes the update a stochastic gradient of the
	// Euclidean SOM cost C15.
	Heskes
)

// MaxSOMNodes caps the nodes M of a map (Nodes of a Chain, Rows·Cols of a Grid): the maps
// keep M×M tables (lattice distances, neighbourhood), 128 MiB at M = 4096.
const MaxSOMNodes = 1 << 12

// somLattice returns the lattice coordinates (M×2) of the nodes; M beyond MaxSOMNodes is
// ErrTooLarge.
func somLattice(fn string, top Topology, nodes, rows, cols int) (*mat.Dense, error) {
	switch top {
	case Chain:
		if nodes < 1 {
			return nil, fmt.Errorf("cluster: %s: chain of %d nodes: %w", fn, nodes, ErrParam)
		}
		if err := check.Size("cluster: SOM lattice", "Nodes", nodes, MaxSOMNodes); err != nil {
			return nil, err
		}
		c := mat.NewDense(nodes, 2, nil)
		for q := 0; q < nodes; q++ {
			c.Set(q, 0, float64(q))
		}
		return c, nil
	case Grid:
		if rows < 1 || cols < 1 {
			return nil, fmt.Errorf("cluster: %s: grid of %d×%d nodes: %w", fn, rows, cols, ErrParam)
		}
		if rows > MaxSOMNodes/cols {
			return nil, fmt.Errorf("cluster: %s: SOM lattice: a %d×%d grid has more than MaxSOMNodes = %d nodes: %w", fn, rows, cols, MaxSOMNodes, ErrTooLarge)
		}
		c := mat.NewDense(rows*cols, 2, nil)
		for q := 0; q < rows*cols; q++ {
			c.Set(q, 0, float64(q/cols))
			c.Set(q, 1, float64(q%cols))
		}
		return c, nil
	}
	return nil, fmt.Errorf("cluster: %s: unknown topology %d: %w", fn, int(top), ErrParam)
}

// Neighbourhood returns the M×M matrix h_qp = exp(−‖r_q − r_p‖²/(2σ²)) of lattice coordinates
// (ML chapter 4 (Clustering and embedding) §4.3.1, C16); σ = 0 gives the identity (h = δ, no
// neighbourhood), the limit in which a SOM becomes k-means. The coordinates must be finite with |r|
// ≤ 1e150; a tiny σ is fine (distances are divided by σ before squaring).
func Neighbourhood(coords mat.Matrix, sigma float64) (*mat.Dense, error) {
	data, m, d, e := check.Rows("coords", coords)
	if e != nil {
		return nil, fmt.Errorf("cluster: Neighbourhood: %w", e)
	}
	if err := check.Squarable("coords", data, d); err != nil {
		return nil, fmt.Errorf("cluster: Neighbourhood: %w", err)
	}
	if !(sigma >= 0) || math.IsInf(sigma, 0) {
		return nil, fmt.Errorf("cluster: Neighbourhood: σ = %g, want finite ≥ 0: %w", sigma, ErrParam)
	}
	h := mat.NewDense(m, m, nil)
	somFillH(h, coords, sigma)
	return h, nil
}

func somFillH(h *mat.Dense, coords mat.Matrix, sigma float64) {
	m, dim := coords.Dims()
	for q := 0; q < m; q++ {
		for p := 0; p < m; p++ {
			if sigma == 0 {
				v := 0.0
				if p == q {
					v = 1
				}
				h.Set(q, p, v)
				continue
			}
			s := 0.0
			for j := 0; j < dim; j++ {
				u := (coords.At(q, j) - coords.At(p, j)) / sigma
				s += u * u
			}
			h.Set(q, p, math.Exp(-s/2))
		}
	}
}

// SOM is the online self-organising map of ML chapter 4 (Clustering and embedding) §4.3 (Algorithm
// 5; Kohonen 1982): for each point x, in a fresh random order every epoch, find the winner and move
// every prototype towards x by Δw_q = ε h_{q,win} (x − w_q), with the neighbourhood h of width σ on
// the lattice. Both ε and σ are annealed geometrically over the run, ε_t = ε₀(ε_f/ε₀)^{t/t_max} and
// likewise σ_t: a wide neighbourhood first orders the map globally (smooth cost), a narrow one then
// fits the data (rugged cost, §4.3.1).
//
// Zero values: Topology Chain with Nodes = 20 (Grid: 10×10), MaxIter = 20 epochs, LearningRate = 0.5,
// FinalLearningRate = 0.01, Sigma0 = (longest lattice side)/2, SigmaF = 0.5, Winner Nearest, Init
// KMeansPlusPlus (as OnlineKMeans). A negative Sigma0 or SigmaF means σ = 0: then h = δ and,
// with LearningRate = FinalLearningRate, the SOM replays online k-means with a constant rate step for step (the
// same seed gives the same initialisation and visiting order as OnlineKMeans).
//
// Cost: O(n·M·d) per epoch (O(n·M²) more for the Heskes winner), sequential by nature.
type SOM struct {
	Topology                        Topology
	Nodes                           int
	Rows, Cols                      int
	MaxIter                         int
	LearningRate, FinalLearningRate float64
	Sigma0                          float64
	SigmaF                          float64
	Winner                          WinnerRule
	Init                            KMeansInit
	Centroids                       mat.Matrix // M×d initial prototypes for Init == KMeansGiven
	Seed                            uint64
}

// SOMEpoch records the schedule and the fit after one epoch.
type SOMEpoch struct {
	Eps, Sigma float64
	QuantError float64 // mean squared distance of a point to its nearest prototype
}

// SOMResult is a trained map.
type SOMResult struct {
	Prototypes *mat.Dense // M×d
	Coords     *mat.Dense // M×2 lattice coordinates
	Labels     []int      // nearest prototype of every point
	QuantError float64
	// TopoError is the fraction of points whose nearest and second-nearest prototypes are not
	// lattice neighbours (distance 1): 0 for a perfectly ordered map.
	TopoError float64
	Trace     []SOMEpoch
}

func (s SOM) defaults() (SOM, error) {
	if s.Topology == Chain && s.Nodes == 0 {
		s.Nodes = 20
	}
	if s.Topology == Grid && s.Rows == 0 && s.Cols == 0 {
		s.Rows, s.Cols = 10, 10
	}
	s.MaxIter = cmp.Or(s.MaxIter, 20)
	s.LearningRate = cmp.Or(s.LearningRate, 0.5)
	s.FinalLearningRate = cmp.Or(s.FinalLearningRate, 0.01)
	side := float64(s.Nodes)
	if s.Topology == Grid {
		side = float64(max(s.Rows, s.Cols))
	}
	s.Sigma0 = cmp.Or(s.Sigma0, side/2)
	s.SigmaF = cmp.Or(s.SigmaF, 0.5)
	switch {
	case s.MaxIter < 0:
		return s, fmt.Errorf("cluster: SOM: MaxIter = %d, want ≥ 0: %w", s.MaxIter, ErrParam)
	case !(s.LearningRate > 0 && s.LearningRate <= 1 && s.FinalLearningRate > 0 && s.FinalLearningRate <= 1):
		return s, fmt.Errorf("cluster: SOM.Fit: learning rates %g → %g, want in (0, 1]: %w", s.LearningRate, s.FinalLearningRate, ErrParam)
	case math.IsNaN(s.Sigma0) || math.IsNaN(s.SigmaF) || math.IsInf(s.Sigma0, 0) || math.IsInf(s.SigmaF, 0):
		return s, fmt.Errorf("cluster: SOM.Fit: σ schedule %g → %g: %w", s.Sigma0, s.SigmaF, ErrParam)
	case s.Winner != Nearest && s.Winner != Heskes:
		return s, fmt.Errorf("cluster: SOM.Fit: unknown winner rule %d: %w", int(s.Winner), ErrParam)
	}
	return s, nil
}

// softMapLattice resolves the lattice of the soft maps SoftSOM and PairwiseSOM: a Chain of 10
// nodes or a 5×5 Grid by default, σ = 1 by default and σ = 0 (h = δ) when negative. It checks
// that the M nodes do not outnumber the n data items (named by what) and returns the M×2
// lattice coordinates and the M×M neighbourhood h.
func softMapLattice(fn string, top Topology, nodes, rows, cols int, sigma float64, n int, what string) (coords, h *mat.Dense, err error) {
	if top == Chain && nodes == 0 {
		nodes = 10
	}
	if top == Grid && rows == 0 && cols == 0 {
		rows, cols = 5, 5
	}
	coords, err = somLattice(fn, top, nodes, rows, cols)
	if err != nil {
		return nil, nil, err
	}
	given := sigma
	switch {
	case sigma == 0:
		sigma = 1
	case sigma < 0:
		sigma = 0
	case math.IsNaN(sigma) || math.IsInf(sigma, 0):
		return nil, nil, fmt.Errorf("cluster: %s: σ = %g: %w", fn, given, ErrParam)
	}
	if m, _ := coords.Dims(); m > n {
		return nil, nil, fmt.Errorf("cluster: %s: %d nodes for %d %s: %w", fn, m, n, what, ErrParam)
	}
	h, err = Neighbourhood(coords, sigma)
	if err != nil {
		return nil, nil, err
	}
	return coords, h, nil
}

// somSchedule returns the geometric interpolation a(b/a)^f, or 0 when either end is ≤ 0.
func somSchedule(a, b, f float64) float64 {
	if a <= 0 || b <= 0 {
		return 0
	}
	return a * math.Pow(b/a, f)
}

// Fit trains the map on the rows of x.
func (s SOM) Fit(x mat.Matrix) (*SOMResult, error) {
	s, err := s.defaults()
	if err != nil {
		return nil, err
	}
	data, err := kmPrepare("SOM.Fit", x)
	if err != nil {
		return nil, err
	}
	coords, err := somLattice("SOM.Fit", s.Topology, s.Nodes, s.Rows, s.Cols)
	if err != nil {
		return nil, err
	}
	n, d := data.n, data.d
	m, _ := coords.Dims()
	if m > n {
		return nil, fmt.Errorf("cluster: SOM.Fit: %d nodes for %d points: %w", m, n, ErrParam)
	}
	if err := onlineSize("SOM", s.MaxIter, n); err != nil {
		return nil, err
	}
	given, err := kmCheckInit("SOM.Fit", s.Init, s.Centroids, m, d)
	if err != nil {
		return nil, err
	}
	e := kmNewEngine(data, m, 1)
	// Lattice coordinates are integers, so squared lattice distances are small integers and
	// h = exp(−k/(2σ²)) can be tabulated per step: O(max k) exponentials instead of O(M²).
	lat2 := make([]int, m*m)
	maxK := 0
	for q := 0; q < m; q++ {
		for p := 0; p < m; p++ {
			dr, dc := coords.At(q, 0)-coords.At(p, 0), coords.At(q, 1)-coords.At(p, 1)
			lat2[q*m+p] = int(dr*dr + dc*dc)
			maxK = max(maxK, lat2[q*m+p])
		}
	}
	table := make([]float64, maxK+1)
	dist := make([]float64, m)
	gain := make([]float64, m)
	res := &SOMResult{Coords: coords}
	tmax := float64(max(s.MaxIter*n-1, 1))
	var eps, sigma float64
	w, err := kmOnline("SOM.Fit", e, s.Init, given, s.Seed, s.MaxIter, func(step int, xi, w []float64) {
		f := float64(step) / tmax
		eps = somSchedule(s.LearningRate, s.FinalLearningRate, f)
		sigma = somSchedule(s.Sigma0, s.SigmaF, f)
		var win int
		if s.Winner == Nearest {
			_, win = kmNearest(xi, w, m)
		} else {
			somTable(table, sigma)
			for q := 0; q < m; q++ {
				dist[q], _ = kmNearest(xi, w[q*d:(q+1)*d], 1)
			}
			best := math.Inf(1)
			for r := 0; r < m; r++ {
				t := 0.0
				row := lat2[r*m : (r+1)*m]
				for q, k := range row {
					t += table[k] * dist[q]
				}
				if t < best {
					best, win = t, r
				}
			}
		}
		// Gain ε·h_{q,win}, with row win of h (h is symmetric): δ for σ = 0, else
		// exp(−‖r_q − r_win‖²/(2σ²)).
		for q := 0; q < m; q++ {
			switch {
			case sigma > 0:
				gain[q] = eps * math.Exp(-float64(lat2[q*m+win])/(2*sigma*sigma))
			case q == win:
				gain[q] = eps
			default:
				gain[q] = 0
			}
		}
		kmMoveAll(w, gain, xi)
	}, func(int, []float64) bool {
		res.Trace = append(res.Trace, SOMEpoch{Eps: eps, Sigma: sigma, QuantError: e.cost / float64(n)})
		return false
	})
	if err != nil {
		return nil, err
	}
	e.assign(w)
	res.Prototypes = mat.NewDense(m, d, w)
	res.Labels = append([]int(nil), e.labels...)
	res.QuantError = e.cost / float64(n)
	res.TopoError = somTopoError(data, w, coords)
	return res, nil
}

// somTable sets table[k] = exp(−k/(2σ²)) (δ_{k0} for σ = 0).
func somTable(table []float64, sigma float64) {
	for k := range table {
		switch {
		case sigma > 0:
			table[k] = math.Exp(-float64(k) / (2 * sigma * sigma))
		case k == 0:
			table[k] = 1
		default:
			table[k] = 0
		}
	}
}

func somTopoError(data kmData, w []float64, coords *mat.Dense) float64 {
	n, d := data.n, data.d
	m, _ := coords.Dims()
	if m < 2 {
		return 0
	}
	bad := 0
	for i := 0; i < n; i++ {
		xi := data.x[i*d : (i+1)*d]
		b1, b2 := -1, -1
		d1, d2 := math.Inf(1), math.Inf(1)
		for q := 0; q < m; q++ {
			t, _ := kmNearest(xi, w[q*d:(q+1)*d], 1)
			switch {
			case t < d1:
				b2, d2 = b1, d1
				b1, d1 = q, t
			case t < d2:
				b2, d2 = q, t
			}
		}
		dr := math.Abs(coords.At(b1, 0)-coords.At(b2, 0)) + math.Abs(coords.At(b1, 1)-coords.At(b2, 1))
		if dr != 1 {
			bad++
		}
	}
	return float64(bad) / float64(n)
}
