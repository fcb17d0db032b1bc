// expect: security/path-traversal@11
package files

import (
	"net/http"
	"os"
	"path/filepath"
)

func Serve(w http.ResponseWriter, r *http.Request) {
	data, err := os.ReadFile(filepath.Join("/srv/static", r.URL.Query().Get("name")))
	if err != nil {
		http.NotFound(w, r)
		return
	}
	w.Write(data)
}
