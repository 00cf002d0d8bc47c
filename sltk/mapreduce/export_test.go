package mapreduce

// CostIncomplete exposes Cost.incomplete to the external tests.
func CostIncomplete(c Cost) int { return c.incomplete() }
