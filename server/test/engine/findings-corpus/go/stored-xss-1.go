// expect: security/stored-xss@26
package blog

import (
	"database/sql"
	"fmt"
	"net/http"
)

type Server struct {
	db *sql.DB
}

func (s *Server) Post(w http.ResponseWriter, r *http.Request) {
	var title, body string
	err := s.db.QueryRow("SELECT title, body FROM posts WHERE slug = $1", r.PathValue("slug")).Scan(&title, &body)
	if err == sql.ErrNoRows {
		http.NotFound(w, r)
		return
	}
	if err != nil {
		http.Error(w, "database error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	fmt.Fprintf(w, "<article><h1>%s</h1>%s</article>", title, body)
}
