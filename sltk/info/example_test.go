package info

import "fmt"

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
