// expect: security/hardcoded-secret@6
package notify

import "net/http"

const slackAPIToken = "xoxb-88213-99120-aKq2Lx7Vb3Nw"

func Post(req *http.Request) {
	req.Header.Set("Authorization", "Bearer "+slackAPIToken)
}
