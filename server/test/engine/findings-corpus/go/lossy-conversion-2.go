// silent: best_practices/lossy-conversion
package config

import (
	"os"
	"strconv"
)

func WorkerCount() int32 {
	n, err := strconv.ParseInt(os.Getenv("WORKERS"), 10, 32)
	if err != nil || n < 1 {
		return 4
	}
	return int32(n)
}

func Widen(small int16) int64 {
	return int64(small)
}
