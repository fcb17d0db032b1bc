// silent: security/sql-injection
package store

import "database/sql"

const statusActive = "active"

func ActiveUsers(db *sql.DB) (*sql.Rows, error) {
	return db.Query("SELECT id, email FROM users WHERE status = '" + statusActive + "'")
}
