package spanning

// CityExample is the motivating example of SLT chapter 10 (Posterior agreement from information
// theory, §10.2): the four main places of a city, North, East, South and West, every two joined by
// a road, with the travel time of each road observed on several days. Graph is K₄ with edges NE,
// NS, NW, ES, EW, SW (indices 0–5); each day is a weight vector in that order. The lecture gives
// the weights only in a figure that is not available, so these reproduce its description: Monday's
// minimum spanning tree is the star around North, Tuesday's the star around South, and NearTuesday
// is a day like Tuesday with small changes in every travel time.
type CityExample struct {
	Graph                        *Graph
	Monday, Tuesday, NearTuesday []float64
}

// City returns a fresh copy of the city example (callers may modify it). Cost O(1).
func City() CityExample {
	return CityExample{
		Graph: &Graph{N: 4, Edges: []Edge{{0, 1}, {0, 2}, {0, 3}, {1, 2}, {1, 3}, {2, 3}},
			Names: []string{"N", "E", "S", "W"}},
		Monday:      []float64{1.0, 1.5, 1.2, 3.0, 4.0, 3.5},
		Tuesday:     []float64{3.2, 1.4, 3.8, 1.1, 4.1, 1.3},
		NearTuesday: []float64{3.0, 1.5, 3.9, 1.2, 4.0, 1.2},
	}
}
