// Package must is the one implementation of the notebook helpers that turn an error into a
// panic naming the notebook line: claim.Must and claim.NoError, and the deprecated viz.Must
// that calls it. A panic fails a GoNB cell visibly and stops a headless run. It is internal so
// that both packages call it without viz importing claim.
package must

import (
	"fmt"
	"path/filepath"
	"runtime"
)

// Value returns v, and panics with "✘ file:line: err" when err is not nil. It must be called
// directly by the exported helper (claim.Must, viz.Must): file:line is that helper's caller.
func Value[T any](v T, err error) T {
	if err != nil {
		panic(message(err))
	}
	return v
}

// NoError panics like Value when err is not nil, for calls that return only an error.
func NoError(err error) {
	if err != nil {
		panic(message(err))
	}
}

// message formats err with the line three frames up: message ← Value/NoError ← the exported
// helper ← the notebook cell.
func message(err error) string {
	where := "error"
	if _, file, line, ok := runtime.Caller(3); ok {
		where = fmt.Sprintf("%s:%d", filepath.Base(file), line)
	}
	return fmt.Sprintf("✘ %s: %v", where, err)
}
