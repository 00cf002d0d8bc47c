package frame

import (
	"bufio"
	"compress/gzip"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/sltk-book/sltk/sltk/errs"
	"gonum.org/v1/gonum/mat"
)

// MaxIDXBytes caps the payload ReadIDX accepts: 2²⁸ bytes (268 MB, five times the 47 MB of the
// Fashion-MNIST training images). A header that announces more is refused with ErrTooLarge
// before anything is allocated.
const MaxIDXBytes = 1 << 28

// IDX is an array read from the IDX format of LeCun's MNIST files: unsigned bytes in
// row-major order with the dimensions Dims (an images file has Dims = [n, 28, 28], a labels
// file Dims = [n]).
type IDX struct {
	Dims []int
	Data []byte
}

// ReadIDX reads one IDX array of unsigned bytes (type code 0x08) from r: two zero bytes, the
// type code, the number of dimensions, each dimension as a big-endian uint32, then the
// payload. Gzipped files are unpacked by the caller (gzip.NewReader) or by ReadIDXFile. A
// truncated payload, trailing bytes, a wrong magic number or another element type, zero
// dimensions, and a payload beyond MaxIDXBytes give an error wrapping errs.ErrShape,
// errs.ErrParam, errs.ErrEmpty or errs.ErrTooLarge; memory grows only with the bytes actually
// read. Cost O(payload).
func ReadIDX(r io.Reader) (*IDX, error) {
	if r == nil {
		return nil, fmt.Errorf("frame: ReadIDX: nil reader: %w", errs.ErrEmpty)
	}
	var head [4]byte
	if _, err := io.ReadFull(r, head[:]); err != nil {
		return nil, fmt.Errorf("frame: ReadIDX: header: %v: %w", err, errs.ErrEmpty)
	}
	if head[0] != 0 || head[1] != 0 {
		return nil, fmt.Errorf("frame: ReadIDX: magic % x, want 00 00 08 nd (an IDX file): %w",
			head, errs.ErrParam)
	}
	if head[2] != 0x08 {
		return nil, fmt.Errorf("frame: ReadIDX: element type 0x%02x, want 0x08 (unsigned byte): %w",
			head[2], errs.ErrParam)
	}
	nd := int(head[3])
	if nd == 0 {
		return nil, fmt.Errorf("frame: ReadIDX: 0 dimensions: %w", errs.ErrEmpty)
	}
	dimBytes := make([]byte, 4*nd)
	if _, err := io.ReadFull(r, dimBytes); err != nil {
		return nil, fmt.Errorf("frame: ReadIDX: truncated header (%d dimensions): %w", nd, errs.ErrShape)
	}
	dims, size := make([]int, nd), 1
	for k := range dims {
		dims[k] = int(binary.BigEndian.Uint32(dimBytes[4*k:]))
		if dims[k] == 0 {
			return nil, fmt.Errorf("frame: ReadIDX: dimension %d is 0: %w", k, errs.ErrEmpty)
		}
		if size > MaxIDXBytes/dims[k] {
			return nil, fmt.Errorf("frame: ReadIDX: dimensions %v exceed MaxIDXBytes = %d: %w",
				dims[:k+1], MaxIDXBytes, errs.ErrTooLarge)
		}
		size *= dims[k]
	}
	// ReadAll grows its buffer with the data, so a header that lies costs nothing.
	data, err := io.ReadAll(io.LimitReader(r, int64(size)+1))
	if err != nil {
		return nil, fmt.Errorf("frame: ReadIDX: payload: %v: %w", err, errs.ErrIO)
	}
	switch {
	case len(data) < size:
		return nil, fmt.Errorf("frame: ReadIDX: truncated payload: %d of %d bytes for dimensions %v: %w",
			len(data), size, dims, errs.ErrShape)
	case len(data) > size:
		return nil, fmt.Errorf("frame: ReadIDX: trailing bytes after the %d of dimensions %v: %w",
			size, dims, errs.ErrShape)
	}
	return &IDX{Dims: dims, Data: data}, nil
}

// ReadIDXFile reads the IDX file at path with ReadIDX, unpacking it first when the name ends
// in .gz. A missing file gives an error wrapping errs.ErrIO.
func ReadIDXFile(path string) (*IDX, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("frame: ReadIDXFile: %v: %w", err, errs.ErrIO)
	}
	defer f.Close()
	var r io.Reader = bufio.NewReader(f)
	if strings.HasSuffix(path, ".gz") {
		z, err := gzip.NewReader(r)
		if err != nil {
			return nil, fmt.Errorf("frame: ReadIDXFile: %s: %v: %w", path, err, errs.ErrParam)
		}
		defer z.Close()
		r = z
	}
	m, err := ReadIDX(r)
	if err != nil {
		return nil, fmt.Errorf("frame: ReadIDXFile: %s: %w", filepath.Base(path), err)
	}
	return m, nil
}

// FashionMNISTDir is where Debian's dataset-fashion-mnist package installs the four gzipped
// IDX files (make setup installs it).
var FashionMNISTDir = "/usr/share/datasets/fashion-mnist"

// FashionMNISTClasses names the ten labels of Fashion-MNIST in code order.
var FashionMNISTClasses = []string{"T-shirt/top", "Trouser", "Pullover", "Dress", "Coat",
	"Sandal", "Shirt", "Sneaker", "Bag", "Ankle boot"}

// FashionMNIST returns Zalando's Fashion-MNIST split "train" (60000 images) or "test" (10000):
// x is n×784, row i a 28×28 gray image in row-major order scaled to [0, 1] (byte/255), y[i] in
// 0..9 codes the garment named by classes. It reads the files under FashionMNISTDir; the
// images and labels must agree in count and shape (else ErrShape) and labels must be < 10
// (else ErrLabel). The training set takes 376 MB as float64. Cost O(n·784).
func FashionMNIST(split string) (x *mat.Dense, y []int, classes []string, err error) {
	prefix := map[string]string{"train": "train", "test": "t10k"}[split]
	if prefix == "" {
		return nil, nil, nil, fmt.Errorf("frame: FashionMNIST: split %q, want \"train\" or \"test\": %w",
			split, errs.ErrParam)
	}
	fail := func(err error) (*mat.Dense, []int, []string, error) {
		if errors.Is(err, os.ErrNotExist) || errors.Is(err, errs.ErrIO) {
			return nil, nil, nil, fmt.Errorf("frame: FashionMNIST: %w (install dataset-fashion-mnist: make setup)", err)
		}
		return nil, nil, nil, fmt.Errorf("frame: FashionMNIST: %w", err)
	}
	img, err := ReadIDXFile(filepath.Join(FashionMNISTDir, prefix+"-images-idx3-ubyte.gz"))
	if err != nil {
		return fail(err)
	}
	lab, err := ReadIDXFile(filepath.Join(FashionMNISTDir, prefix+"-labels-idx1-ubyte.gz"))
	if err != nil {
		return fail(err)
	}
	return IDXImages(img, lab, 10)
}

// IDXImages turns an images array (Dims [n, h, w]) and a labels array (Dims [n]) into an
// n×(h·w) matrix scaled to [0, 1] and labels, each < k. Mismatched counts or shapes give
// ErrShape, a label ≥ k ErrLabel. classes are FashionMNISTClasses when k = 10, else "0".."k−1".
func IDXImages(img, lab *IDX, k int) (x *mat.Dense, y []int, classes []string, err error) {
	if img == nil || lab == nil || len(img.Dims) == 0 || len(lab.Dims) == 0 {
		return nil, nil, nil, fmt.Errorf("frame: IDXImages: nil or empty array: %w", errs.ErrEmpty)
	}
	if len(img.Dims) != 3 || len(lab.Dims) != 1 || img.Dims[0] != lab.Dims[0] {
		return nil, nil, nil, fmt.Errorf("frame: IDXImages: images %v and labels %v, want [n h w] and [n]: %w",
			img.Dims, lab.Dims, errs.ErrShape)
	}
	n, d := img.Dims[0], img.Dims[1]*img.Dims[2]
	if len(img.Data) != n*d || len(lab.Data) != n {
		return nil, nil, nil, fmt.Errorf("frame: IDXImages: %d and %d bytes for dimensions %v and %v: %w",
			len(img.Data), len(lab.Data), img.Dims, lab.Dims, errs.ErrShape)
	}
	if k < 1 || k > 256 {
		return nil, nil, nil, fmt.Errorf("frame: IDXImages: k = %d, want in [1, 256]: %w", k, errs.ErrParam)
	}
	y = make([]int, n)
	for i, b := range lab.Data {
		if int(b) >= k {
			return nil, nil, nil, fmt.Errorf("frame: IDXImages: label[%d] = %d, want < %d: %w", i, b, k, errs.ErrLabel)
		}
		y[i] = int(b)
	}
	v := make([]float64, n*d)
	for i, b := range img.Data {
		v[i] = float64(b) / 255
	}
	classes = FashionMNISTClasses
	if k != 10 {
		classes = make([]string, k)
		for c := range classes {
			classes[c] = fmt.Sprint(c)
		}
	} else {
		classes = append([]string(nil), classes...)
	}
	return mat.NewDense(n, d, v), y, classes, nil
}
