package claim

import (
	"strconv"
	"strings"
)

// MaxPrec is the most digits after the decimal point that Fixed prints: far more than a
// float64 carries, and a bound on the length of the text.
const MaxPrec = 40

// Fixed formats v with prec digits after the decimal point, as fmt's %.*f does, except that a
// value that rounds to zero prints without a sign: −1e−9 at three digits is "0.000", not
// "-0.000", which would suggest a negative quantity where the computation found none. A
// negative prec gives the fewest digits that read back as v; a prec above MaxPrec is taken as
// MaxPrec. NaN and ±Inf print as fmt prints them. Meant for the numbers a notebook prints next
// to its claims; cost O(prec).
func Fixed(v float64, prec int) string {
	s := strconv.FormatFloat(v, 'f', min(prec, MaxPrec), 64)
	if strings.HasPrefix(s, "-") && strings.Trim(s, "-0.") == "" {
		return s[1:]
	}
	return s
}

// FixedVec formats a vector as (v₁, v₂, …), each entry with Fixed, for example a vector of
// magnetisations in a printed line, instead of Go's slice syntax [v₁ v₂ …].
func FixedVec(v []float64, prec int) string {
	parts := make([]string, len(v))
	for i, x := range v {
		parts[i] = Fixed(x, prec)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}
