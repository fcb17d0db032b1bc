// expect: performance/regex-in-loop@9
package logs

import "regexp"

func Errors(lines []string) []string {
	var out []string
	for _, l := range lines {
		if ok, _ := regexp.MatchString(`level=error`, l); ok {
			out = append(out, l)
		}
	}
	return out
}
