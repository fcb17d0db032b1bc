// expect: performance/linear-search-in-loop@9
package ranking

import "slices"

func Positions(order []string, queries []string) []int {
	out := make([]int, 0, len(queries))
	for _, q := range queries {
		out = append(out, slices.Index(order, q))
	}
	return out
}
