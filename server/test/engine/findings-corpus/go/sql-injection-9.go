// expect: security/sql-injection@11
package store

import (
	"context"
	"database/sql"
	"fmt"
)

func Recent(ctx context.Context, db *sql.DB, table string, limit int) (*sql.Rows, error) {
	return db.QueryContext(ctx, fmt.Sprintf("SELECT * FROM %s ORDER BY created_at DESC LIMIT %d", table, limit))
}
