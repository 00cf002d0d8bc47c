package main

import (
	"bytes"
	"encoding/json"
	"os"
	"runtime"
	"strconv"
	"time"
)

// Peak memory of a row. The Go side runs in this process: before each timed run the kernel's
// high-water mark of the resident set is reset (writing 5 to /proc/self/clear_refs, Linux ≥ 4.0),
// and after it VmHWM in /proc/self/status is the peak during the run (this process's runtime and
// the row's inputs included). The peer reports its own peak (Python's
// resource.getrusage(RUSAGE_SELF).ru_maxrss: interpreter, imports and data included). Both are
// whole-process peaks in MiB, so small workloads show mostly the baseline of each runtime.

// resetPeakRSS resets the resident-set high-water mark; where it cannot, peakRSS reports the
// peak since the process started.
func resetPeakRSS() { _ = os.WriteFile("/proc/self/clear_refs", []byte("5"), 0) }

// peakRSS returns VmHWM in MiB, or 0 where /proc is not available.
func peakRSS() float64 {
	b, err := os.ReadFile("/proc/self/status")
	if err != nil {
		return 0
	}
	_, after, ok := bytes.Cut(b, []byte("VmHWM:"))
	if !ok {
		return 0
	}
	fields := bytes.Fields(after)
	if len(fields) == 0 {
		return 0
	}
	kib, err := strconv.ParseFloat(string(fields[0]), 64)
	if err != nil {
		return 0
	}
	return kib / 1024
}

// jsonRow is one row of results.json: the columns of results.md, numbers unformatted.
type jsonRow struct {
	Workload    string    `json:"workload"`
	Quality     string    `json:"quality"`
	SltkSeconds float64   `json:"sltk_seconds"`
	PeerSeconds *float64  `json:"peer_seconds"` // null without a peer
	SltkCPU     float64   `json:"sltk_cpu_seconds"`
	PeerCPU     *float64  `json:"peer_cpu_seconds"` // null without a peer
	SltkQuality float64   `json:"sltk_quality"`
	PeerQuality *float64  `json:"peer_quality"`
	SltkPeakMiB float64   `json:"sltk_peak_rss_mib"`
	PeerPeakMiB float64   `json:"peer_peak_rss_mib"`
	SltkRuns    []float64 `json:"sltk_runs"`           // wall seconds of every round, in order
	PeerRuns    []float64 `json:"peer_runs,omitempty"` // the peer's, interleaved with sltk's
	SltkNote    string    `json:"sltk_note,omitempty"`
	PeerNote    string    `json:"peer_note,omitempty"`
	PeerError   string    `json:"peer_error,omitempty"`
}

// writeJSON writes the table as results.json beside results.md.
func writeJSON(path string, rows []row, reps int) error {
	out := struct {
		Date       string    `json:"date"`
		GOOS       string    `json:"goos"`
		GOARCH     string    `json:"goarch"`
		GOMAXPROCS int       `json:"gomaxprocs"`
		CPUs       int       `json:"cpus"`
		Reps       int       `json:"reps"`
		Rows       []jsonRow `json:"rows"`
	}{time.Now().UTC().Format("2006-01-02"), runtime.GOOS, runtime.GOARCH,
		runtime.GOMAXPROCS(0), runtime.NumCPU(), reps, nil}
	for _, r := range rows {
		j := jsonRow{Workload: r.name, Quality: r.quality, SltkSeconds: r.sltkSec, SltkCPU: r.sltkCPU,
			SltkQuality: r.sltkQual, SltkPeakMiB: r.sltkMiB, PeerPeakMiB: r.peerMiB,
			SltkRuns: r.sltkRuns, PeerRuns: r.peerRuns,
			SltkNote: r.sltkNote, PeerNote: r.peerNote, PeerError: r.peerErr}
		if r.hasPeer {
			ps, pc, pq := r.peerSec, r.peerCPU, r.peerQual
			j.PeerSeconds, j.PeerCPU, j.PeerQuality = &ps, &pc, &pq
		}
		out.Rows = append(out.Rows, j)
	}
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return err
	}
	return os.WriteFile(path, append(b, '\n'), 0o644)
}
