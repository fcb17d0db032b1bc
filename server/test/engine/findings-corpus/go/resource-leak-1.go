// expect: best_practices/resource-leak@10
package fetch

import (
	"io"
	"net/http"
)

func Status(url string) (int, error) {
	resp, err := http.Get(url)
	if err != nil {
		return 0, err
	}
	_, err = io.Copy(io.Discard, io.LimitReader(resp.Body, 1024))
	return resp.StatusCode, err
}
