package mapreduce

import "context"

// CostIncomplete exposes Cost.incomplete to the external tests.
func CostIncomplete(c Cost) int { return c.incomplete() }

// The loopback machinery, for the listener tests.
var (
	Listeners            = listeners
	ErrNoProcNet         = errNoProcNet
	NonLoopbackListeners = nonLoopbackListeners
	ProcAddr             = procAddr
	LoopbackPatch        = loopbackPatch
	ChildGoMod           = childGoMod
	ModuleGoMod          = moduleGoMod
)

// LocalJobServerPid is the process id of the default runner's job server, 0 before the first
// pipeline.
func LocalJobServerPid() int {
	if localServer == nil {
		return 0
	}
	return localServer.Pid
}

// LocalJobServerRunning reports whether the default runner's job server is alive.
func LocalJobServerRunning() bool { return localServer != nil && localServer.running() }

// KMFileRound runs one FileKMeans step over input against cent, also counting the labels that
// changed from prev when prev is not nil (the step that checks for convergence), and returns
// the number of changed labels it reports.
func KMFileRound(ctx context.Context, r Runner, input, out string, k, d int, cent, prev []float64) (int64, error) {
	a, err := kmFileRound(ctx, r, input, out, k, d, cent, prev)
	return a.Changed, err
}

// SetRecordBlock sets the block size of the record reader and returns the previous one.
func SetRecordBlock(b int64) int64 {
	old := recordBlock
	recordBlock = b
	return old
}
