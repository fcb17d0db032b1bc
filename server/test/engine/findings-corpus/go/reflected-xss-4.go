// silent: security/reflected-xss
package web

import (
	"fmt"
	"html"
	"html/template"
	"net/http"
)

var greeting = template.Must(template.New("greet").Parse(`<h1>Hello, {{.}}</h1>`))

func Greet(w http.ResponseWriter, r *http.Request) {
	name := r.URL.Query().Get("name")
	if r.URL.Query().Get("plain") != "" {
		fmt.Fprintf(w, "<h1>Hello, %s</h1>", html.EscapeString(name))
		return
	}
	greeting.Execute(w, name)
}
