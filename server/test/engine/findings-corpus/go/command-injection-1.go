// expect: security/command-injection@7
package tools

import "os/exec"

func Resize(src, dst, size string) error {
	cmd := exec.Command("sh", "-c", "convert "+src+" -resize "+size+" "+dst)
	return cmd.Run()
}
