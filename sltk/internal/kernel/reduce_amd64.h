// REDUCE folds the four lanes of Y into its low lane as (s0 + s2) + (s1 + s3), using T: the
// order in which DotsGo adds its four lane sums, shared by every dot-product kernel.
#define REDUCE(Y, X, T) \
	VEXTRACTF128 $1, Y, T \
	VADDPD       T, X, X  \
	VUNPCKHPD    X, X, T  \
	VADDSD       T, X, X
