// silent: best_practices/discarded-error
package config

import (
	"fmt"
	"strconv"
)

func Port(raw string) (int, error) {
	p, err := strconv.Atoi(raw)
	if err != nil {
		return 0, fmt.Errorf("port %q: %w", raw, err)
	}
	return p, nil
}
