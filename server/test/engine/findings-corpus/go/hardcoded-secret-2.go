// silent: security/hardcoded-secret
package notify

import (
	"net/http"
	"os"
)

func Post(req *http.Request) {
	apiToken := os.Getenv("SLACK_API_TOKEN")
	req.Header.Set("Authorization", "Bearer "+apiToken)
}
