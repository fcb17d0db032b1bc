// expect: security/error-details@14
package web

import (
	"database/sql"
	"net/http"
)

var db *sql.DB

func users(w http.ResponseWriter, r *http.Request) {
	rows, err := db.Query("SELECT name FROM users WHERE team = $1", r.URL.Query().Get("team"))
	if err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	defer rows.Close()
}
