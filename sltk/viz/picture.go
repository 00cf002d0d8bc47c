package viz

// Picture draws a heat map as a picture: no axes, ticks or axis labels, only the cells (and
// the panel title). For matrices whose rows and columns are pixel positions, such as 8×8
// eigen-digits, the tick labels carry no information and would take half of a small panel.
// The cells are drawn as one image, a block of equal pixels per cell, so that no seams
// between neighbouring cells show as a faint grid. Applies to HeatMap and HeatMaps.
func Picture() Option { return func(o *options) { o.picture = true; o.mark("Picture") } }

// hideAxes removes both axes of f and their labels.
func (f *Figure) hideAxes() {
	f.HideAxes()
	f.X.Label.Text, f.Y.Label.Text = "", ""
}
