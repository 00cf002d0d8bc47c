//go:build js && wasm

package main

import (
	"syscall/js"

	"github.com/sltk-book/sltk/sltk/live"
)

// main registers sltkLive(name, value) → {svg, numbers: [{name, value}], html} (or {error})
// for the book's pages, signals readiness by calling sltkLiveReady() if the page defined it,
// and then waits forever (the page calls in).
func main() {
	js.Global().Set("sltkLive", js.FuncOf(func(_ js.Value, args []js.Value) any {
		if len(args) != 2 {
			return map[string]any{"error": "sltkLive(name, value)"}
		}
		f, err := live.Lookup(args[0].String())
		if err != nil {
			return map[string]any{"error": err.Error()}
		}
		v := args[1].Float()
		svg, nums, err := live.Render(f.Name, v)
		if err != nil {
			return map[string]any{"error": err.Error()}
		}
		list := make([]any, len(nums))
		for i, n := range nums {
			list[i] = map[string]any{"name": n.Name, "value": n.Value}
		}
		return map[string]any{"svg": string(svg), "numbers": list,
			"html": live.NumbersHTML(f.Param, v, nums)}
	}))
	if ready := js.Global().Get("sltkLiveReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {}
}
