// expect: performance/string-concat-in-loop@9
package report

import "fmt"

func Table(rows map[string]int) string {
	out := ""
	for k, v := range rows {
		out += fmt.Sprintf("%-20s %6d\n", k, v)
	}
	return out
}
