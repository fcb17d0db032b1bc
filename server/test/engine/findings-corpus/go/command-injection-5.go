// expect: security/command-injection@7
package hooks

import "os/exec"

func RunHook(userCmd string) ([]byte, error) {
	return exec.Command("bash", "-c", userCmd).CombinedOutput()
}
