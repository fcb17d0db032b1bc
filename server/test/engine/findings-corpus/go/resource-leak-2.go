// silent: best_practices/resource-leak
package fetch

import (
	"io"
	"net/http"
)

func Body(url string) ([]byte, error) {
	resp, err := http.Get(url)
	if err != nil {
		return nil, err
	}
	defer resp.Body.Close()
	return io.ReadAll(resp.Body)
}
