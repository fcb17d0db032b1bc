// silent: security/sql-injection
package store

import (
	"database/sql"
	"strings"
)

func FindByIDs(db *sql.DB, ids []any) (*sql.Rows, error) {
	marks := strings.TrimSuffix(strings.Repeat("?,", len(ids)), ",")
	return db.Query("SELECT id, title FROM posts WHERE id IN ("+marks+")", ids...)
}
