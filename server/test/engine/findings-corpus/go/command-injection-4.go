// silent: security/command-injection
package tools

import "os/exec"

func ListListeners() ([]byte, error) {
	return exec.Command("sh", "-c", "ss -ltn | tail -n +2").Output()
}
