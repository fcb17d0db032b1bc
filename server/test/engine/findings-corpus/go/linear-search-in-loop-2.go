// silent: performance/linear-search-in-loop
package inventory

func Missing(skus []string, inStock []string) []string {
	have := make(map[string]struct{}, len(inStock))
	for _, s := range inStock {
		have[s] = struct{}{}
	}
	var out []string
	for _, s := range skus {
		if _, ok := have[s]; !ok {
			out = append(out, s)
		}
	}
	return out
}
