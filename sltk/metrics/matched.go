package metrics

// MatchedLabels renames the predicted labels pred by the matching of MatchedAccuracy, so that
// each cluster carries the true label it shares most items with: renamed[i] = match[pred[i]]
// (−1 for an item whose cluster is left unmatched, when there are more clusters than
// classes). It returns the matching too, for renaming what else is indexed by cluster (the
// rows of a centroid matrix). Errors and cost as MatchedAccuracy, plus O(len(pred)).
func MatchedLabels(truth, pred []int) (renamed, match []int, err error) {
	_, match, err = MatchedAccuracy(truth, pred)
	if err != nil {
		return nil, nil, err
	}
	renamed = make([]int, len(pred))
	for i, c := range pred {
		renamed[i] = match[c]
	}
	return renamed, match, nil
}
