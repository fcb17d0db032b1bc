// expect: security/reflected-xss@11
package web

import (
	"io"
	"net/http"
)

func Unsubscribed(w http.ResponseWriter, r *http.Request) {
	email := r.FormValue("email")
	io.WriteString(w, "<p>"+email+" will no longer receive our newsletter.</p>")
}
