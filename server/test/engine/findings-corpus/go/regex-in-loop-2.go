// silent: performance/regex-in-loop
package logs

import "regexp"

var errorLine = regexp.MustCompile(`level=error`)

func Errors(lines []string) []string {
	var out []string
	for _, l := range lines {
		if errorLine.MatchString(l) {
			out = append(out, l)
		}
	}
	return out
}
