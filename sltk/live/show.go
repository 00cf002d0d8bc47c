package live

import (
	"os"
	"time"

	"github.com/janpfeifer/gonb/gonbui"
	"github.com/janpfeifer/gonb/gonbui/dom"
	"github.com/janpfeifer/gonb/gonbui/widgets"
)

// IdleTimeout ends the lab's redraw loop of Show after this long without a slider move (the
// cell, and so the kernel, is busy while the loop runs; run the cell again to turn the knob
// again).
var IdleTimeout = 90 * time.Second

// still reports whether Show draws the still figure only: outside a notebook, or when the
// environment sets SLTK_LIVE=still (tools/nbrun.py does, for make test and the book, where no
// front end answers a widget).
func still() bool { return !gonbui.IsNotebook || os.Getenv("SLTK_LIVE") == "still" }

// Show displays the live figure name at its default value and returns the numbers it shows
// there, for the cell's claims. In the lab it adds a GoNB slider over the figure's values and
// a "done" button, and redraws the figure in place on every slider move, until the button is
// pressed or IdleTimeout passes without a move (the cell runs meanwhile). Headless (SLTK_LIVE=still),
// or when no front end answers the slider within 5 s (a Jupyter front end without GoNB's
// widget channel; make lab's classic Notebook gets it from tools/lab-config), it shows the
// still figure only; the book's page makes that figure live again with the WebAssembly build
// of this registry.
func Show(name string) ([]Number, error) {
	f, err := Lookup(name)
	if err != nil {
		return nil, err
	}
	v := f.Param.Default
	svg, nums, err := Render(name, v)
	if err != nil {
		return nil, err
	}
	if !gonbui.IsNotebook {
		return nums, nil
	}
	id := "sltk_live_" + gonbui.UniqueId()
	gonbui.DisplayHTML(`<div id="` + id + `">` + stillHTML(f, v, svg, nums) + `</div>`)
	if still() {
		gonbui.Sync()
		return nums, gonbui.Error()
	}
	lab(f, id)
	return nums, nil
}

// lab runs the slider loop of Show.
func lab(f Figure, id string) {
	ready := make(chan *widgets.SliderBuilder, 1)
	go func() {
		s := widgets.Slider(0, len(f.Param.Values)-1, f.Param.index(f.Param.Default))
		ready <- s.Done()
	}()
	var slider *widgets.SliderBuilder
	select {
	case slider = <-ready:
	case <-time.After(5 * time.Second):
		return // no front end answers: the still figure stays
	}
	// Listen to the slider before the button exists: Button.Done waits for the front end's
	// round trip, and a move made once the button shows must not fall in that gap.
	moves := slider.Listen().LatestOnly()
	done := widgets.Button("done").Done()
	clicks := done.Listen()
	for {
		select {
		case i := <-moves.C:
			if i < 0 || i >= len(f.Param.Values) {
				continue
			}
			v := f.Param.Values[i]
			svg, nums, err := Render(f.Name, v)
			if err != nil {
				dom.SetInnerText(id, err.Error())
				continue
			}
			dom.SetInnerHtml(id, stillHTML(f, v, svg, nums))
		case <-clicks.C:
			return
		case <-time.After(IdleTimeout):
			return
		}
	}
}
