package frame

import (
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/go-gota/gota/dataframe"
	"github.com/go-gota/gota/series"
	"github.com/sltk-book/sltk/sltk/errs"
)

// TestOneHotLimit: an identifier column (a distinct value per row) of 12 000 rows asks for
// 1.44·10⁸ > MaxOneHotEntries entries: ErrTooLarge instead of a 1.1 GiB matrix. A small
// column gives the indicator matrix (reference: built by hand from the values).
func TestOneHotLimit(t *testing.T) {
	const n = 12000
	ids := make([]string, n)
	for i := range ids {
		ids[i] = fmt.Sprintf("id%05d", i)
	}
	df := dataframe.New(series.New(ids, series.String, "id"))
	if _, _, err := OneHot(df, "id"); !errors.Is(err, errs.ErrTooLarge) || !strings.Contains(err.Error(), "MaxOneHotEntries") {
		t.Errorf("OneHot of %d distinct ids: %v", n, err)
	}
	small := dataframe.New(series.New([]string{"b", "a", "b"}, series.String, "c"))
	x, names, err := OneHot(small, "c")
	if err != nil {
		t.Fatal(err)
	}
	want := [][]float64{{0, 1}, {1, 0}, {0, 1}}
	for i := range want {
		for k := range want[i] {
			if x.At(i, k) != want[i][k] {
				t.Errorf("x[%d,%d] = %v (levels %v)", i, k, x.At(i, k), names)
			}
		}
	}
}
