// expect: security/weak-random@10
package auth

import (
	"math/rand"
	"strconv"
)

func NewResetCode() string {
	resetToken := strconv.Itoa(rand.Intn(1000000))
	return resetToken
}
