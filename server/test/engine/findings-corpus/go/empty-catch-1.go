// expect: best_practices/empty-catch@8
package files

import "os"

func Cleanup(path string) {
	err := os.Remove(path)
	if err != nil {
	}
}
