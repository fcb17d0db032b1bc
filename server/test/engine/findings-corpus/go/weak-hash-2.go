// silent: security/weak-hash
package cache

import (
	"crypto/md5"
	"encoding/hex"
)

func KeyFor(url string) string {
	sum := md5.Sum([]byte(url))
	return hex.EncodeToString(sum[:])
}
