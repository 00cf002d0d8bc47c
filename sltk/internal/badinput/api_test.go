package badinput

import (
	"fmt"
	"go/ast"
	"go/doc"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
)

// entry is one exported function or method of the library, with the Go expression that names
// it in a row ("(*cluster.KMeans).Fit").
type entry struct{ name, expr string }

// api enumerates the exported functions and methods of the packages under sltk/ (relative to
// this directory), skipping test files, internal packages, testdata and nested modules.
func api(t *testing.T) []entry {
	root := filepath.Join("..", "..")
	var out []entry
	err := filepath.WalkDir(root, func(dir string, de fs.DirEntry, err error) error {
		if err != nil || !de.IsDir() {
			return err
		}
		if base := de.Name(); dir != root && (base == "internal" || base == "testdata" || strings.HasPrefix(base, ".")) {
			return filepath.SkipDir
		}
		if dir != root {
			if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
				return filepath.SkipDir // a nested module (sltk/mapreduce)
			}
		}
		out = append(out, pkgAPI(t, root, dir)...)
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	sort.Slice(out, func(i, j int) bool { return out[i].name < out[j].name })
	return out
}

func pkgAPI(t *testing.T, root, dir string) []entry {
	fset := token.NewFileSet()
	notTest := func(fi fs.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }
	pkgs, err := parser.ParseDir(fset, dir, notTest, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var out []entry
	for name, p := range pkgs {
		if name == "main" {
			continue
		}
		d := doc.New(p, dir, 0)
		rel, _ := filepath.Rel(root, dir)
		prefix := filepath.ToSlash(rel)
		if prefix == "." {
			prefix = name
		}
		funcs := d.Funcs
		for _, ty := range d.Types {
			funcs = append(funcs, ty.Funcs...) // constructors
			if _, isIface := ty.Decl.Specs[0].(*ast.TypeSpec).Type.(*ast.InterfaceType); isIface {
				continue
			}
			for _, m := range ty.Methods {
				if m.Level > 0 { // promoted from an embedded type: its own row covers it
					continue
				}
				inst := instantiate(ty.Decl.Specs[0].(*ast.TypeSpec).TypeParams)
				recv := name + "." + ty.Name + inst
				if strings.HasPrefix(m.Recv, "*") {
					recv = "(*" + recv + ")"
				} else if inst != "" {
					recv = "(" + recv + ")"
				}
				out = append(out, entry{prefix + "." + ty.Name + "." + m.Name, recv + "." + m.Name})
			}
		}
		for _, f := range funcs {
			out = append(out, entry{prefix + "." + f.Name, name + "." + f.Name + instantiate(f.Decl.Type.TypeParams)})
		}
	}
	return out
}

// instantiate returns "[float64, ...]" for a generic declaration, "" otherwise.
func instantiate(tp *ast.FieldList) string {
	if tp == nil || tp.NumFields() == 0 {
		return ""
	}
	args := make([]string, tp.NumFields())
	for i := range args {
		args[i] = "float64"
	}
	return "[" + strings.Join(args, ", ") + "]"
}

// TestAPIHasRows fails when an exported function or method has no row, or a row names an
// entry point that no longer exists, and prints the missing rows ready to paste.
func TestAPIHasRows(t *testing.T) {
	var missing []string
	have := map[string]bool{}
	for _, e := range api(t) {
		have[e.name] = true
		if _, ok := rows[e.name]; !ok {
			missing = append(missing, fmt.Sprintf("\t%q: %s,", e.name, e.expr))
		}
	}
	if len(missing) > 0 {
		t.Errorf("%d exported entry points have no row in rows_test.go; add:\n%s",
			len(missing), strings.Join(missing, "\n"))
	}
	for name := range rows {
		if !have[name] {
			t.Errorf("row %q names no exported entry point", name)
		}
	}
}
