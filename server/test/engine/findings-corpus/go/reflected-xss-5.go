// silent: security/reflected-xss
package web

import (
	"fmt"
	"net/http"
)

func Echo(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "application/json")
	fmt.Fprintf(w, `{"echo": %q, "hint": "<b>bold</b> is not rendered"}`, r.FormValue("msg"))
}

func Ping(w http.ResponseWriter, r *http.Request) {
	fmt.Fprintf(w, "pong from %s\n", r.Header.Get("X-Client"))
}
