package frame_test

import (
	"bytes"
	"errors"
	"os"
	"testing"

	"github.com/sltk-book/sltk/sltk/errs"
	"github.com/sltk-book/sltk/sltk/frame"
	"github.com/sltk-book/sltk/sltk/internal/check"
)

func idxBytes(typ byte, dims []uint32, payload []byte) []byte {
	b := []byte{0, 0, typ, byte(len(dims))}
	for _, d := range dims {
		b = append(b, byte(d>>24), byte(d>>16), byte(d>>8), byte(d))
	}
	return append(b, payload...)
}

func TestReadIDX(t *testing.T) {
	ok := idxBytes(8, []uint32{2, 1, 3}, []byte{0, 1, 2, 3, 4, 255})
	m, err := frame.ReadIDX(bytes.NewReader(ok))
	if err != nil || len(m.Dims) != 3 || m.Dims[2] != 3 || m.Data[5] != 255 {
		t.Fatalf("ReadIDX = %+v, %v", m, err)
	}
	for _, c := range []struct {
		name string
		in   []byte
		want error
	}{
		{"empty", nil, errs.ErrEmpty},
		{"magic", []byte{1, 0, 8, 1, 0, 0, 0, 1, 7}, errs.ErrParam},
		{"type", idxBytes(0x0d, []uint32{1}, []byte{0, 0, 0, 0}), errs.ErrParam},
		{"no dims", idxBytes(8, nil, nil), errs.ErrEmpty},
		{"zero dim", idxBytes(8, []uint32{3, 0}, nil), errs.ErrEmpty},
		{"truncated header", ok[:9], errs.ErrShape},
		{"truncated payload", ok[:len(ok)-1], errs.ErrShape},
		{"trailing", append(append([]byte{}, ok...), 9), errs.ErrShape},
		{"huge", idxBytes(8, []uint32{1 << 31, 1 << 31, 1 << 31}, nil), errs.ErrTooLarge},
		{"beyond limit", idxBytes(8, []uint32{frame.MaxIDXBytes + 1}, nil), errs.ErrTooLarge},
	} {
		_, err := frame.ReadIDX(bytes.NewReader(c.in))
		if !errors.Is(err, c.want) {
			t.Errorf("%s: err = %v, want %v", c.name, err, c.want)
		}
	}
}

func TestIDXImagesShapes(t *testing.T) {
	img := &frame.IDX{Dims: []int{2, 1, 2}, Data: []byte{0, 51, 255, 0}}
	lab := &frame.IDX{Dims: []int{2}, Data: []byte{3, 9}}
	x, y, cl, err := frame.IDXImages(img, lab, 10)
	if err != nil || x.At(0, 1) != 0.2 || x.At(1, 0) != 1 || y[1] != 9 || cl[9] != "Ankle boot" {
		t.Fatalf("IDXImages = %v %v %v %v", x, y, cl, err)
	}
	if _, _, _, err := frame.IDXImages(img, &frame.IDX{Dims: []int{3}, Data: []byte{1, 2, 3}}, 10); !errors.Is(err, errs.ErrShape) {
		t.Errorf("count mismatch: %v", err)
	}
	if _, _, _, err := frame.IDXImages(img, lab, 5); !errors.Is(err, errs.ErrLabel) {
		t.Errorf("label ≥ k: %v", err)
	}
}

func TestFashionMNIST(t *testing.T) {
	if _, err := os.Stat(frame.FashionMNISTDir); err != nil {
		t.Skip("dataset-fashion-mnist not installed")
	}
	if _, _, _, err := frame.FashionMNIST("validation"); !errors.Is(err, errs.ErrParam) {
		t.Errorf("bad split: %v", err)
	}
	x, y, cl, err := frame.FashionMNIST("test")
	if err != nil {
		t.Fatal(err)
	}
	n, d := x.Dims()
	if n != 10000 || d != 784 || len(y) != n || len(cl) != 10 {
		t.Fatalf("test split %d×%d, %d labels", n, d, len(y))
	}
	count := make([]int, 10)
	for _, c := range y {
		count[c]++
	}
	for c, k := range count {
		if k != 1000 { // the test set is balanced
			t.Errorf("class %d: %d images, want 1000", c, k)
		}
	}
	old := frame.FashionMNISTDir
	defer func() { frame.FashionMNISTDir = old }()
	frame.FashionMNISTDir = t.TempDir()
	if _, _, _, err := frame.FashionMNIST("test"); !errors.Is(err, errs.ErrIO) {
		t.Errorf("missing files: %v", err)
	}
}

// FuzzReadIDX: arbitrary bytes never panic; an error wraps a sentinel of errs; a success has
// positive dimensions whose product is the payload length.
func FuzzReadIDX(f *testing.F) {
	f.Add(idxBytes(8, []uint32{2, 1, 3}, []byte{0, 1, 2, 3, 4, 255}))
	f.Add(idxBytes(8, []uint32{1}, []byte{7}))
	f.Add(idxBytes(8, []uint32{1 << 20, 1 << 20}, nil))
	f.Add([]byte{0, 0, 8})
	f.Fuzz(func(t *testing.T, in []byte) {
		m, err := frame.ReadIDX(bytes.NewReader(in))
		if err != nil {
			if check.Sentinel(err) == nil {
				t.Fatalf("error %v wraps no sentinel", err)
			}
			return
		}
		size := 1
		for _, d := range m.Dims {
			if d <= 0 {
				t.Fatalf("dims %v", m.Dims)
			}
			size *= d
		}
		if size != len(m.Data) || size > frame.MaxIDXBytes {
			t.Fatalf("dims %v with %d bytes", m.Dims, len(m.Data))
		}
	})
}
