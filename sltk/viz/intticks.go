package viz

import (
	"math"
	"strconv"
	"strings"

	"gonum.org/v1/plot"
)

// IntegerX labels the horizontal axis of Lines only at whole numbers, for counts such as
// iterations, rounds, degrees or k, where a tick "0.5" would name a value that cannot occur.
// The ticks are the default ones with the fractional ones dropped; an axis spanning less
// than one unit keeps the integers inside it.
func IntegerX() Option { return func(o *options) { o.integerX = true; o.mark("IntegerX") } }

// integerTicks keeps the whole-number ticks of niceTicks and labels them without decimals
// (compact labels such as 250k stay as niceTicks wrote them).
type integerTicks struct{}

func (integerTicks) Ticks(lo, hi float64) []plot.Tick {
	var ts []plot.Tick
	for _, t := range (niceTicks{}).Ticks(lo, hi) {
		if t.Value != math.Trunc(t.Value) {
			continue
		}
		if _, err := strconv.ParseFloat(strings.Replace(t.Label, "−", "-", 1), 64); err == nil { // plain, not 250k or 10⁶
			t.Label = minusSign(strconv.FormatFloat(t.Value, 'f', 0, 64))
		}
		ts = append(ts, t)
	}
	return ts
}
