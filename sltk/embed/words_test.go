package embed_test

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/sltk/embed"
	"github.com/sltk-book/sltk/sltk/errs"
)

func TestWordFamilies(t *testing.T) {
	list := "Nation\nnation\nnation's\nnational\nphoto\nphotons\n\nmicro\nnationwide\n"
	words, fam, err := embed.WordFamilies(strings.NewReader(list), []string{"nation", "photo"})
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{"nation", "national", "photo", "photons", "nationwide"}; !slices.Equal(words, want) {
		t.Errorf("words %q, want %q", words, want)
	}
	if want := []int{0, 0, 1, 1, 0}; !slices.Equal(fam, want) {
		t.Errorf("families %v, want %v", fam, want)
	}
	for _, c := range []struct {
		prefixes []string
		want     error
	}{{nil, errs.ErrParam}, {[]string{"a", ""}, errs.ErrParam}, {[]string{"zzz"}, errs.ErrEmpty}} {
		if _, _, err := embed.WordFamilies(strings.NewReader(list), c.prefixes); !errors.Is(err, c.want) {
			t.Errorf("prefixes %q: err %v, want %v", c.prefixes, err, c.want)
		}
	}
	if _, _, err := embed.LoadWordFamilies("/nonexistent/words", []string{"a"}); !errors.Is(err, errs.ErrIO) {
		t.Errorf("missing file: %v", err)
	}
}

func ExampleWordFamilies() {
	list := "photo\nphotograph\nmicro\nmicrobe\nmicrobe's\n"
	words, fam, _ := embed.WordFamilies(strings.NewReader(list), []string{"photo", "micro"})
	fmt.Println(words, fam)
	// Output: [photo photograph micro microbe] [0 0 1 1]
}
