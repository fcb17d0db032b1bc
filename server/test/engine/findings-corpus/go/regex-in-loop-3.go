// expect: performance/regex-in-loop@9
package versions

import "regexp"

func Tags(names []string) []string {
	var out []string
	for _, n := range names {
		re := regexp.MustCompile(`^v[0-9]+\.[0-9]+\.[0-9]+$`)
		if re.MatchString(n) {
			out = append(out, n)
		}
	}
	return out
}
