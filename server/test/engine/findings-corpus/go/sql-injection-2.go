// silent: security/sql-injection
package store

import (
	"database/sql"

	_ "github.com/lib/pq"
)

func UserByEmail(db *sql.DB, email string) *sql.Row {
	return db.QueryRow("SELECT id, name FROM users WHERE email = $1", email)
}
