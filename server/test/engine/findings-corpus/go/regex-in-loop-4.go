// silent: performance/regex-in-loop
package filter

import "regexp"

func Matching(lines []string, patterns []string) []string {
	var res []*regexp.Regexp
	for _, p := range patterns {
		res = append(res, regexp.MustCompile(p))
	}
	var out []string
	for _, l := range lines {
		for _, re := range res {
			if re.MatchString(l) {
				out = append(out, l)
				break
			}
		}
	}
	return out
}
