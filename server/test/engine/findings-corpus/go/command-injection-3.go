// expect: security/command-injection@12
package tools

import (
	"context"
	"fmt"
	"os/exec"
)

func Checkout(ctx context.Context, dir, ref string) ([]byte, error) {
	script := fmt.Sprintf("cd %s && git checkout %s", dir, ref)
	return exec.CommandContext(ctx, "/bin/bash", "-c", script).CombinedOutput()
}
