// expect: security/stored-xss@24
package forum

import (
	"database/sql"
	"net/http"
)

func Replies(db *sql.DB) http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		rows, err := db.Query("SELECT author, text FROM replies WHERE thread = $1", r.URL.Query().Get("thread"))
		if err != nil {
			http.Error(w, "unavailable", http.StatusServiceUnavailable)
			return
		}
		defer rows.Close()
		w.Write([]byte("<ol>"))
		for rows.Next() {
			var author, text string
			if err := rows.Scan(&author, &text); err != nil {
				continue
			}
			item := "<li><em>" + author + "</em> " + text + "</li>"
			w.Write([]byte(item))
		}
		w.Write([]byte("</ol>"))
	}
}
