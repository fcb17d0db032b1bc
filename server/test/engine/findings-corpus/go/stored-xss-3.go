// silent: security/stored-xss
package shop

import (
	"database/sql"
	"fmt"
	"html"
	"html/template"
	"net/http"
)

var productPage = template.Must(template.New("product").Parse(`<h1>{{.Name}}</h1><p>{{.Description}}</p>`))

type product struct {
	Name, Description string
}

func Product(db *sql.DB) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		var p product
		var stock int
		row := db.QueryRow("SELECT name, description, stock FROM products WHERE id = $1", r.PathValue("id"))
		if err := row.Scan(&p.Name, &p.Description, &stock); err != nil {
			http.NotFound(w, r)
			return
		}
		fmt.Fprintf(w, "<p class=\"stock\">%d left of %s</p>", stock, html.EscapeString(p.Name))
		productPage.Execute(w, p)
	}
}
