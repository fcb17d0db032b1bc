// expect: security/sql-injection@13
package store

import (
	"database/sql"
	"fmt"

	_ "github.com/lib/pq"
)

func UserByEmail(db *sql.DB, email string) (*sql.Row, error) {
	query := fmt.Sprintf("SELECT id, name FROM users WHERE email = '%s'", email)
	return db.QueryRow(query), nil
}
