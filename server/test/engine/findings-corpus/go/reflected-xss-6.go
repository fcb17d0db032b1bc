// expect: security/reflected-xss@25
package mail

import (
	"net/http"
	"text/template"
)

var preview = template.Must(template.New("preview").Parse(`<!doctype html>
<html><body>
<p>Hi {{.Name}},</p>
<p>{{.Message}}</p>
</body></html>`))

type previewData struct {
	Name    string
	Message string
}

func Preview(w http.ResponseWriter, r *http.Request) {
	data := previewData{
		Name:    r.FormValue("name"),
		Message: r.FormValue("message"),
	}
	preview.Execute(w, data)
}
