package data_test

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/sltk-book/sltk/data"
)

func TestNames(t *testing.T) {
	want := []string{"attendance", "attendance_friday", "boolean_table", "breast_cancer",
		"digits", "faithful", "iris", "movie_ratings", "wine"}
	got := data.Names()
	if strings.Join(got, ",") != strings.Join(want, ",") {
		t.Fatalf("Names() = %v, want %v", got, want)
	}
}

func TestOpenAndBytesAgree(t *testing.T) {
	for _, name := range data.Names() {
		b, err := data.Bytes(name)
		if err != nil {
			t.Fatalf("Bytes(%q): %v", name, err)
		}
		rc, err := data.Open(name + ".csv")
		if err != nil {
			t.Fatalf("Open(%q): %v", name+".csv", err)
		}
		r, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatalf("reading %q: %v", name, err)
		}
		if !bytes.Equal(b, r) {
			t.Errorf("%s: Open and Bytes disagree", name)
		}
		if i := bytes.IndexByte(b, '\n'); i <= 0 {
			t.Errorf("%s: no header line", name)
		}
		if bytes.Contains(b, []byte("\r")) {
			t.Errorf("%s: contains carriage returns", name)
		}
	}
}

func TestBytesIsACopy(t *testing.T) {
	a, _ := data.Bytes("iris")
	a[0] = 'X'
	b, _ := data.Bytes("iris")
	if b[0] == 'X' {
		t.Fatal("Bytes returned shared storage")
	}
}

func TestUnknown(t *testing.T) {
	for _, name := range []string{"", "iris2", "../data.go", "data.go", "tools/convert.py"} {
		_, err := data.Bytes(name)
		if !errors.Is(err, data.ErrUnknown) {
			t.Fatalf("Bytes(%q) error %v, want ErrUnknown", name, err)
		}
		if !strings.Contains(err.Error(), "iris") {
			t.Errorf("error %q does not list the known names", err)
		}
		if _, err := data.Open(name); !errors.Is(err, data.ErrUnknown) {
			t.Fatalf("Open(%q) error %v, want ErrUnknown", name, err)
		}
	}
}

func ExampleBytes() {
	b, err := data.Bytes("boolean_table")
	if err != nil {
		fmt.Println(err)
		return
	}
	header, _, _ := strings.Cut(string(b), "\n")
	fmt.Println(header)
	// Output: x1,x2,x3,f
}

func ExampleNames() {
	fmt.Println(len(data.Names()) > 0, data.Names()[0])
	// Output: true attendance
}
