package info

import (
	"fmt"
	"strings"

	"gonum.org/v1/gonum/mat"
)

func ExampleNewLossyCode() {
	p := []float64{3. / 8, 5. / 16, 3. / 32, 1. / 16, 1. / 16, 1. / 32, 1. / 32, 1. / 32}
	c, _ := NewLossyCode(p, 2, 0.1)
	code, _ := c.Encode([]int{7, 1}) // "hb"
	fmt.Printf("|S| = %d, P(S) = %.8f, rate %.1f, com(hb) = %05b\n", c.SetSize, c.SetMass, c.Rate(), code)
	// Output: |S| = 28, P(S) = 0.90234375, rate 2.5, com(hb) = 11011
}

func ExampleKLBits() {
	_, err := KLBits([]float64{0.5, 0.5}, []float64{1, 0})
	fmt.Println(err)
	d, _ := KLBits([]float64{0.5, 0.5}, []float64{0.25, 0.75})
	fmt.Printf("D(p‖q) = %.4f bits\n", d)
	// Output:
	// info: KLBits: p[1] = 0.5, q[1] = 0: info: q is zero where p is positive
	// D(p‖q) = 0.2075 bits
}

func ExampleHuffman() {
	p := []float64{0.25, 0.25, 0.2, 0.15, 0.15}
	code, _ := Huffman(p)
	mean, _ := code.MeanLength(p)
	h, _ := EntropyBits(p)
	fmt.Println(code.Words)
	fmt.Printf("H = %.4f ≤ L = %.2f < H + 1\n", h, mean)
	// Output:
	// [00 01 10 110 111]
	// H = 2.2855 ≤ L = 2.30 < H + 1
}

func ExampleShannonLengths() {
	l, _ := ShannonLengths([]float64{0.4, 0.3, 0.2, 0.1})
	k, _ := KraftSum(l)
	fmt.Println(l, k)
	// Output: [2 2 3 4] 0.6875
}

func ExampleNewPrefixCode() {
	code, _ := NewPrefixCode([]int{1, 2, 3, 3})
	data, nbits, _ := code.Encode([]int{0, 3, 1})
	back, _ := code.Decode(data, nbits)
	fmt.Println(code.Words, nbits, back)
	// Output: [0 10 110 111] 6 [0 3 1]
}

func ExampleSourceTypicalSet() {
	ts, _ := SourceTypicalSet([]float64{0.5, 0.3, 0.2}, 200, 0.1)
	fmt.Printf("H = %.4f, P(A) = %.3f, log2|A|/n = %.3f\n", ts.H, ts.Prob, ts.Log2Size/200)
	// Output: H = 1.4855, P(A) = 0.993, log2|A|/n = 1.546
}

func ExampleBEC() {
	ch, _ := BEC(0.25)
	r, _ := BlahutArimoto{}.Run(ch)
	fmt.Printf("C = %.6f bits, input %.3f\n", r.Bits, r.Input)
	// Output: C = 0.750000 bits, input [0.500 0.500]
}

func ExampleCascade() {
	a, _ := BSC(0.1)
	b, _ := BSC(0.2)
	c, _ := Cascade(a, b)
	fmt.Printf("crossover %.2f\n", c.W.At(0, 1))
	// Output: crossover 0.26
}

func ExampleReadLetters() {
	t, _ := ReadLetters(strings.NewReader("To be, or not to be!"))
	f, _ := t.Frequencies()
	h, _ := EntropyBits(f)
	fmt.Printf("%d symbols, P(space) = %.3f, H = %.3f bits\n", len(t.Symbols), f[26], h)
	// Output: 18 symbols, P(space) = 0.278, H = 2.594 bits
}

func ExampleMarginals() {
	joint := mat.NewDense(2, 2, []float64{0.25, 0.25, 0.125, 0.375})
	px, py, _ := Marginals(joint)
	fmt.Println(px, py)
	// Output: [0.5 0.5] [0.375 0.625]
}

func ExampleText_TopWords() {
	t, _ := ReadLetters(strings.NewReader("The licence, the LICENCE and the license: a licence."))
	w, _ := t.TopWords(3, 4)
	fmt.Println(w)
	// Output: [licence license]
}

// Two groups of rows of a joint distribution: the bottleneck with two clusters finds them once
// β is above the critical value 1/λ₂.
func ExampleBottleneck() {
	pxy := mat.NewDense(4, 2, []float64{
		0.225, 0.025, // x0 and x1 mostly say y0
		0.200, 0.050,
		0.050, 0.200, // x2 and x3 mostly say y1
		0.025, 0.225,
	})
	bc, _ := BottleneckCritical(pxy)
	r, _ := Bottleneck{K: 2, Beta: 20, Seed: 1}.Fit(pxy)
	fmt.Printf("β_c = %.3f\n", bc)
	fmt.Printf("labels %v, I(X;T) = %.3f, I(T;Y) = %.3f of I(X;Y) = %.3f bits, converged %v\n",
		r.Labels, r.IXT, r.ITY, r.IXY, r.Converged)
	// Output:
	// β_c = 2.000
	// labels [0 0 1 1], I(X;T) = 1.000, I(T;Y) = 0.390 of I(X;Y) = 0.405 bits, converged true
}
