// expect: security/reflected-xss@17
package web

import (
	"net/http"
	"strings"
)

func RegisterProfile(mux *http.ServeMux) {
	mux.HandleFunc("GET /users/{handle}", func(w http.ResponseWriter, r *http.Request) {
		handle := strings.TrimSpace(r.PathValue("handle"))
		var b strings.Builder
		b.WriteString("<!doctype html><title>Profile</title>")
		page := "<h1>@" + handle + "</h1>"
		b.WriteString("<footer>members only</footer>")
		w.WriteHeader(http.StatusOK)
		w.Write([]byte(page))
		w.Write([]byte(b.String()))
	})
}
