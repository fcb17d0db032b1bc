// silent: best_practices/empty-catch
package files

import (
	"errors"
	"io/fs"
	"log"
	"os"
)

func Cleanup(path string) {
	if err := os.Remove(path); err != nil && !errors.Is(err, fs.ErrNotExist) {
		log.Printf("cleanup %s: %v", path, err)
	}
}
