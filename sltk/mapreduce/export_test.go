package mapreduce

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
