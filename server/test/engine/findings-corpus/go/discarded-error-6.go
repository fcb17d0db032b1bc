// silent: best_practices/discarded-error
package cli

import (
	"fmt"
	"strconv"
)

func Parse(args []string) (int, error) {
	if len(args) == 0 {
		return 0, fmt.Errorf("missing count")
	}
	return strconv.Atoi(args[0])
}
