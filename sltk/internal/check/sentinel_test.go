package check

import (
	"go/ast"
	"go/parser"
	"go/token"
	"testing"
)

// TestSentinelsComplete parses package errs and checks that Sentinel knows every Err variable
// it declares, so that a new sentinel is not reported as "wraps none" by the bad-input sweep.
func TestSentinelsComplete(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "../../errs/errs.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	declared := 0
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.VAR {
			continue
		}
		for _, s := range g.Specs {
			declared += len(s.(*ast.ValueSpec).Names)
		}
	}
	if declared != len(sentinels) {
		t.Errorf("errs.go declares %d sentinels, Sentinel tries %d", declared, len(sentinels))
	}
	seen := map[error]bool{}
	for _, s := range sentinels {
		if seen[s] || Sentinel(s) != s {
			t.Errorf("sentinel %v listed twice or not found first", s)
		}
		seen[s] = true
	}
}
