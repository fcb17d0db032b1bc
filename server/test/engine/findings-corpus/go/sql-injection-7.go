// expect: security/sql-injection@7
package store

import "database/sql"

func SearchUsers(db *sql.DB, name string) (*sql.Rows, error) {
	return db.Query("SELECT id, email FROM users WHERE name = '" + name + "'")
}
