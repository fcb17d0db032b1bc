// silent: security/command-injection
package tools

import "os/exec"

func Resize(src, dst, size string) error {
	cmd := exec.Command("convert", src, "-resize", size, dst)
	return cmd.Run()
}
