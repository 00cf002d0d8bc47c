// Package badinput holds the API-wide bad-input test of sltk (badinput_test.go): every exported
// function and method of every package under sltk/ is called with a shared corpus of bad
// arguments (nil and typed-nil matrices, empty and one-row data, NaN, ±Inf, ±1e308,
// subnormals, mismatched shapes, k ≤ 0 and k > n, huge sizes, zero-value receivers, ...), and
// with combinations that one change at a time never reaches (combos_test.go): every pair of
// count fields or count arguments at 2^20 (a product of 2^40 that each single cap accepts), and
// every mode field (a bool, an enum) switched on with each other field at an extreme. The
// test fails on a panic, a call that does not return within seconds, a non-finite float result
// with a nil error, and an exported function without a row in the table (rows_test.go).
//
// rows_test.go also holds the contract table (TestContracts): chosen bad inputs with the
// sentinel and the message their errors must carry, one line per case.
//
// Add a row when you export a function: one line, "pkg.Func": pkg.Func, or
// "pkg.Type.Method": (*pkg.Type).Method. `go test -run TestAPIHasRows` prints the missing lines.
package badinput
