// expect: best_practices/discarded-error@7
package config

import "strconv"

func Port(raw string) int {
	p, _ := strconv.Atoi(raw)
	return p
}
