package mapreduce

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"reflect"
	"slices"
	"strings"

	"github.com/apache/beam/sdks/v2/go/pkg/beam"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/core/sdf"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/fileio"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/filesystem"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/io/rtrackers/offsetrange"
	"github.com/apache/beam/sdks/v2/go/pkg/beam/register"
)

// A record is a line of an input file with its identity: the index of its file among the
// files matching the input (in name order) times 2⁴⁰, plus the byte offset where the line
// starts. The identity does not depend on how a runner splits the files, so a sample keyed by
// it (stream.BottomK) is the same on any number of workers and on one machine.
type record struct {
	ID   uint64
	Line string
}

// Limits of a record identity: 2²⁴ files of up to 2⁴⁰ bytes (1 TiB) each.
const (
	recordOffsetBits = 40
	maxRecordFiles   = 1 << 24
)

func recordID(fn string, file int, off int64) (uint64, error) {
	if file >= maxRecordFiles || off >= 1<<recordOffsetBits {
		return 0, fmt.Errorf("mapreduce: %s: file %d, offset %d beyond the record identities (%d files of %d bytes): %w",
			fn, file, off, maxRecordFiles, int64(1)<<recordOffsetBits, ErrTooLarge)
	}
	return uint64(file)<<recordOffsetBits | uint64(off), nil
}

// readRecords reads the lines of the files matching glob, like textio.Read (files split into
// 64 MiB blocks that workers read in parallel), as records.
func readRecords(s beam.Scope, glob string, files []string) beam.PCollection {
	s = s.Scope("readRecords")
	matches := fileio.MatchAll(s, beam.Create(s, glob), fileio.MatchEmptyAllow())
	return beam.ParDo(s, &recordReadFn{Files: files}, fileio.ReadMatches(s, matches))
}

// recordReadFn is readRecords's splittable DoFn. Files are the matching files in name order,
// as the submitting process listed them.
type recordReadFn struct {
	Files []string
}

// recordBlock is the size of the blocks a file is first split into (textio's; tests make it
// small to exercise lines across block boundaries).
var recordBlock int64 = 64 << 20

func (fn *recordReadFn) CreateInitialRestriction(file fileio.ReadableFile) offsetrange.Restriction {
	return offsetrange.Restriction{Start: 0, End: file.Metadata.Size}
}

func (fn *recordReadFn) SplitRestriction(_ fileio.ReadableFile, rest offsetrange.Restriction) []offsetrange.Restriction {
	splits := rest.SizedSplits(recordBlock)
	if n := len(splits); n > 1 && splits[n-1].End-splits[n-1].Start <= recordBlock/4 {
		splits[n-2].End = splits[n-1].End // no small last block
		splits = splits[:n-1]
	}
	return splits
}

func (fn *recordReadFn) RestrictionSize(_ fileio.ReadableFile, rest offsetrange.Restriction) float64 {
	return rest.Size()
}

func (fn *recordReadFn) CreateTracker(rest offsetrange.Restriction) *sdf.LockRTracker {
	return sdf.NewLockRTracker(offsetrange.NewTracker(rest))
}

// ProcessElement emits the lines that start in the restriction (a line that starts before it
// belongs to the previous block; one that starts in it is read to its end).
func (fn *recordReadFn) ProcessElement(ctx context.Context, rt *sdf.LockRTracker, file fileio.ReadableFile, emit func(record)) error {
	idx, found := slices.BinarySearch(fn.Files, file.Metadata.Path)
	if !found {
		return fmt.Errorf("mapreduce: reading records: %s is not among the %d files listed at submission: %w",
			file.Metadata.Path, len(fn.Files), ErrEngine)
	}
	fd, err := file.Open(ctx)
	if err != nil {
		return err
	}
	defer fd.Close()
	rd := bufio.NewReader(fd)
	end := rt.GetRestriction().(offsetrange.Restriction).End
	i := rt.GetRestriction().(offsetrange.Restriction).Start
	if i > 0 { // skip to the first line that starts at or after i
		if _, err := rd.Discard(int(i - 1)); err != nil {
			return fmt.Errorf("mapreduce: reading records: %s: block at %d: %v: %w", file.Metadata.Path, i, err, ErrEngine)
		}
		skipped, err := rd.ReadString('\n')
		i += int64(len(skipped)) - 1
		if err == io.EOF {
			rt.TryClaim(end)
			return nil
		} else if err != nil {
			return err
		}
	}
	for rt.TryClaim(i) {
		line, err := rd.ReadString('\n')
		if err != nil && err != io.EOF {
			return err
		}
		if len(line) > 0 {
			id, err := recordID("reading records", idx, i)
			if err != nil {
				return err
			}
			emit(record{ID: id, Line: lineText(line)})
		}
		if err == io.EOF {
			rt.TryClaim(end)
			break
		}
		i += int64(len(line))
	}
	return nil
}

// eachRecord calls f on every record of the files matching glob, in file-name and line order:
// the single-machine reading that gives each line the identity readRecords gives it.
func eachRecord(ctx context.Context, glob string, f func(id uint64, line string) error) error {
	files, err := listFiles(ctx, glob)
	if err != nil {
		return err
	}
	if len(files) == 0 {
		return fmt.Errorf("no file matches %s: %w", glob, ErrEmpty)
	}
	fs, err := filesystem.New(ctx, glob)
	if err != nil {
		return fmt.Errorf("%s: %v: %w", glob, err, ErrParam)
	}
	defer fs.Close()
	for idx, name := range files {
		rc, err := fs.OpenRead(ctx, name)
		if err != nil {
			return fmt.Errorf("opening %s: %v: %w", name, err, ErrEngine)
		}
		err = eachRecordOf(bufio.NewReader(rc), idx, f)
		rc.Close()
		if err != nil {
			return fmt.Errorf("reading %s: %w", name, err)
		}
	}
	return nil
}

// lineText is a line without its end: "\n" or "\r\n", as textio and bufio.ScanLines read it.
func lineText(line string) string {
	return strings.TrimSuffix(strings.TrimSuffix(line, "\n"), "\r")
}

func eachRecordOf(rd *bufio.Reader, idx int, f func(id uint64, line string) error) error {
	var off int64
	for {
		line, err := rd.ReadString('\n')
		if err != nil && err != io.EOF {
			return fmt.Errorf("%v: %w", err, ErrEngine)
		}
		if len(line) > 0 {
			id, err := recordID("eachRecord", idx, off)
			if err != nil {
				return err
			}
			if err := f(id, lineText(line)); err != nil {
				return err
			}
		}
		if err == io.EOF {
			return nil
		}
		off += int64(len(line))
	}
}

func init() {
	beam.RegisterType(reflect.TypeOf(record{}))
	register.DoFn4x1[context.Context, *sdf.LockRTracker, fileio.ReadableFile, func(record), error](&recordReadFn{})
	register.Emitter1[record]()
}
