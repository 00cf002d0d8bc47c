package must

import (
	"errors"
	"strings"
	"testing"
)

// helper stands for claim.Must and viz.Must: an exported function that calls Value directly.
func helper(v int, err error) int { return Value(v, err) }

func helperNoError(err error) { NoError(err) }

func TestPanicNamesTheCallersLine(t *testing.T) {
	if got := helper(3, nil); got != 3 {
		t.Fatalf("helper(3, nil) = %d", got)
	}
	helperNoError(nil)
	for name, f := range map[string]func(){
		"Value":   func() { helper(0, errors.New("boom")) },
		"NoError": func() { helperNoError(errors.New("boom")) },
	} {
		func() {
			defer func() {
				msg, _ := recover().(string)
				if !strings.HasPrefix(msg, "✘ must_test.go:") || !strings.HasSuffix(msg, ": boom") {
					t.Errorf("%s panicked with %q, want ✘ must_test.go:<line>: boom", name, msg)
				}
			}()
			f()
		}()
	}
}
