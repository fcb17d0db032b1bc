// expect: security/sql-injection@11
package store

import (
	"database/sql"
	"fmt"
)

func CountRows(db *sql.DB, table string) (int, error) {
	var n int
	err := db.QueryRow(fmt.Sprintf("SELECT count(*) FROM %s", table)).Scan(&n)
	return n, err
}
