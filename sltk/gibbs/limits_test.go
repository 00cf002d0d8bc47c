package gibbs

import (
	"errors"
	"math"
	"testing"
)

// TestLogGridLimit: n beyond MaxGrid used to allocate without a cap (n = 1<<40 asked for 8 TiB);
// now ErrTooLarge. At the limit the grid is exact at both ends and log-evenly spaced.
func TestLogGridLimit(t *testing.T) {
	if _, err := LogGrid(1, 2, 1<<40); !errors.Is(err, ErrTooLarge) {
		t.Errorf("n = 2^40: err = %v, want ErrTooLarge", err)
	}
	if _, err := LogGrid(1, 2, MaxGrid+1); !errors.Is(err, ErrTooLarge) {
		t.Errorf("n = MaxGrid+1: err = %v, want ErrTooLarge", err)
	}
	g, err := LogGrid(1, math.E, MaxGrid)
	if err != nil {
		t.Fatal(err)
	}
	if g[0] != 1 || g[MaxGrid-1] != math.E || math.Abs(math.Log(g[MaxGrid/2])-float64(MaxGrid/2)/float64(MaxGrid-1)) > 1e-15 {
		t.Errorf("grid ends %v, %v, middle %v", g[0], g[MaxGrid-1], g[MaxGrid/2])
	}
}

// TestAnnealLevelCount: a negative maxLevels used to return no levels and no error; now it is
// ErrParam, and a count above MaxLevels is ErrTooLarge. 0 still means MaxLevels, and a
// positive count stops the run after that many levels.
func TestAnnealLevelCount(t *testing.T) {
	temps := Schedule{T0: 1, TMin: 1e-3, Cooling: 0.5}.Temperatures()
	level := func(_ int, T float64) (Level, error) { return Level{T: T}, nil }
	if _, err := Anneal(temps, -1, level); !errors.Is(err, ErrParam) {
		t.Errorf("maxLevels = -1: err = %v, want ErrParam", err)
	}
	if _, err := Anneal(temps, MaxLevels+1, level); !errors.Is(err, ErrTooLarge) {
		t.Errorf("maxLevels = MaxLevels+1: err = %v, want ErrTooLarge", err)
	}
	for _, c := range []struct{ max, want int }{{0, 10}, {3, 3}, {MaxLevels, 10}} {
		out, err := Anneal(temps, c.max, level)
		if err != nil || len(out) != c.want {
			t.Errorf("maxLevels = %d: %d levels, err %v, want %d", c.max, len(out), err, c.want)
		}
	}
}
