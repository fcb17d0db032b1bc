// expect: security/reflected-xss@16
package web

import (
	"fmt"
	"net/http"
)

func SearchPage(w http.ResponseWriter, r *http.Request) {
	query := r.URL.Query().Get("q")
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	if query == "" {
		fmt.Fprintln(w, "<p>Enter a search term.</p>")
		return
	}
	fmt.Fprintf(w, "<h2>Results for %s</h2><ul></ul>", query)
}
