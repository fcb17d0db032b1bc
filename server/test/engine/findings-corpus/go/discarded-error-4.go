// expect: best_practices/discarded-error@11
package api

import (
	"io"
	"net/http"
)

func Body(resp *http.Response) string {
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return string(b)
}
