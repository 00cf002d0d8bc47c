package viz

import (
	"fmt"
	"testing"

	"gonum.org/v1/plot/vg"
)

// weatherTree is a tree whose two inner nodes have one leaf per weather: leaves × 2 leaves in
// all, each under an edge labelled with a long word.
func weatherTree(leaves int) (labels []string, parent []int, edges []string) {
	words := []string{"Overcast", "Drizzle", "Thunder", "Blizzard", "Heatwave", "Sunshine", "Hailstorm"}
	labels, parent, edges = []string{"S"}, []int{-1}, []string{""}
	for k := range 2 {
		inner := len(labels)
		labels, parent, edges = append(labels, "W"), append(parent, 0), append(edges, fmt.Sprintf("side %d", k))
		for j := range leaves {
			labels, parent = append(labels, []string{"yes", "no"}[j%2]), append(parent, inner)
			edges = append(edges, words[j%len(words)])
		}
	}
	return labels, parent, edges
}

// edgeLabelBoxes draws a tree diagram w × h points and returns the boxes of its edge texts.
func edgeLabelBoxes(t *testing.T, leaves int, w, h vg.Length) map[string][]vg.Rectangle {
	t.Helper()
	labels, parent, edges := weatherTree(leaves)
	f, err := TreeDiagram(labels, parent, edges, Title("weather"))
	if err != nil {
		t.Fatal(err)
	}
	isEdge := map[string]bool{}
	for _, e := range edges[1:] {
		isEdge[e] = true
	}
	out := map[string][]vg.Rectangle{}
	for _, tb := range drawnTexts(f, w, h) {
		if isEdge[tb.s] {
			out[tb.s] = append(out[tb.s], tb.box)
		}
	}
	return out
}

// TestTreeEdgeLabelsDoNotOverlap: at a phone's width the labels of the leaf edges ran into one
// another ("SunnCloudRainySnow", afds/01). In the phone rendering (the width phoneSize gives
// for 10.5-pt text) of trees of 4 to 6 leaves per inner node (12 in all) with long labels, no two edge
// label boxes overlap; in the wide rendering, where they fit side by side, sibling labels stay
// on one line, two thirds of the way down their edges, as before.
func TestTreeEdgeLabelsDoNotOverlap(t *testing.T) {
	pw, ph, ok := phoneSize(DefaultWidth, DefaultHeight, 10.5)
	if !ok {
		t.Fatal("no phone rendering for 10.5-pt text")
	}
	for leaves := 4; leaves <= 6; leaves++ {
		var all []vg.Rectangle
		var names []string
		for s, bs := range edgeLabelBoxes(t, leaves, pw, ph) {
			for _, b := range bs {
				all, names = append(all, b), append(names, s)
			}
		}
		if len(all) != 2+2*leaves {
			t.Fatalf("%d leaves: %d edge labels drawn, want %d", leaves, len(all), 2+2*leaves)
		}
		for i := range all {
			for j := range i {
				if overlapArea(all[i], all[j]) > 0 {
					t.Errorf("%d leaves, %.0f pt wide: %q at %v overlaps %q at %v", leaves, pw,
						names[i], all[i], names[j], all[j])
				}
			}
		}
	}
	wide := edgeLabelBoxes(t, 4, DefaultWidth, DefaultHeight)
	y := wide["Overcast"][0].Min.Y
	for _, s := range []string{"Overcast", "Drizzle", "Thunder", "Blizzard"} {
		for _, b := range wide[s] {
			if b.Min.Y != y {
				t.Errorf("wide rendering: %q at y %v, %q at %v: not on one line", s, b.Min.Y, "Overcast", y)
			}
		}
	}
}
