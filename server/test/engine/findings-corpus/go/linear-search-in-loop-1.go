// expect: performance/linear-search-in-loop@9
package inventory

import "slices"

func Missing(skus []string, inStock []string) []string {
	var out []string
	for _, s := range skus {
		if !slices.Contains(inStock, s) {
			out = append(out, s)
		}
	}
	return out
}
