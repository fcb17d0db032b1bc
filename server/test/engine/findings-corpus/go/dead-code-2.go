// silent: maintainability/dead-code
package jobs

import "log"

var verbose = false

func Trace(msg string) {
	if verbose {
		log.Println(msg)
	}
}
