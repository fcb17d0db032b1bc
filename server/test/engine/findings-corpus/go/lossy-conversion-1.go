// expect: best_practices/lossy-conversion@14
package config

import (
	"os"
	"strconv"
)

func WorkerCount() int32 {
	n, err := strconv.Atoi(os.Getenv("WORKERS"))
	if err != nil || n < 1 {
		return 4
	}
	return int32(n)
}
