// expect: security/hardcoded-secret@7
package auth

import "crypto/hmac"
import "crypto/sha256"

var jwtSecret = []byte("supersecretkey-prod-2024")

func Sign(payload []byte) []byte {
	mac := hmac.New(sha256.New, jwtSecret)
	mac.Write(payload)
	return mac.Sum(nil)
}
