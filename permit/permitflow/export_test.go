package permitflow

import "github.com/m0-orchestration/m0/orchestration"

// FirstDifference is how many bound fields got differs from issued in,
// and the path of the first.
func FirstDifference(got, issued orchestration.PermitRecipe) (int, string) {
	n, f, _ := differs(boundFields(got), boundFields(issued))
	return n, f.path
}
