// silent: security/weak-random
package auth

import (
	"crypto/rand"
	"encoding/hex"
)

func NewResetCode() (string, error) {
	buf := make([]byte, 16)
	if _, err := rand.Read(buf); err != nil {
		return "", err
	}
	return hex.EncodeToString(buf), nil
}
