// silent: security/ssrf
package main

import (
	"fmt"
	"net/http"
	"os"
	"time"
)

// healthcheck GETs the URL it is given and exits non-zero unless it answers 200.
func main() {
	client := &http.Client{Timeout: 5 * time.Second}
	resp, err := client.Get(os.Args[1])
	if err != nil || resp.StatusCode != http.StatusOK {
		fmt.Fprintln(os.Stderr, "unhealthy")
		os.Exit(1)
	}
	resp.Body.Close()
}
