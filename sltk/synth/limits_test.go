package synth

import (
	"errors"
	"strings"
	"testing"
)

func TestMaxEntries(t *testing.T) {
	_, _, mErr := Moons{N: 1 << 40}.Generate()
	_, _, cErr := Circles{N: 1 << 40}.Generate()
	_, _, sErr := SwissRoll{N: 1 << 40}.Generate()
	_, _, _, bErr := Blobs{N: 1 << 40}.Generate()
	for _, err := range []error{mErr, cErr, sErr, bErr} {
		if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "N = 1099511627776, limit 134217728") {
			t.Errorf("N = 2^40: %v", err)
		}
	}
}
