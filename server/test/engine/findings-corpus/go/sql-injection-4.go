// silent: security/sql-injection
package store

import (
	"context"
	"database/sql"
)

func DeleteTenant(ctx context.Context, db *sql.DB, tenant string) error {
	_, err := db.ExecContext(ctx, "DELETE FROM tenants WHERE slug = ?", tenant)
	return err
}
