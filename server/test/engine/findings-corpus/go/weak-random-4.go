// expect: security/weak-random@10
package session

import (
	"fmt"
	"math/rand"
)

func NewID() string {
	sessionID := fmt.Sprintf("%x", rand.Int63())
	return sessionID
}
