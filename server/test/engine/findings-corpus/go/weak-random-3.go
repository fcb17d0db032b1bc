// silent: security/weak-random
package retry

import (
	"math/rand"
	"time"
)

func Backoff(attempt int) time.Duration {
	jitter := time.Duration(rand.Intn(100)) * time.Millisecond
	return time.Duration(attempt)*time.Second + jitter
}
