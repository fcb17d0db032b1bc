// expect: security/sql-injection@11
package store

import (
	"database/sql"
	"strconv"
)

func SetBalance(db *sql.DB, id string, balance int) error {
	q := "UPDATE accounts SET balance = " + strconv.Itoa(balance) + " WHERE id = '" + id + "'"
	_, err := db.Exec(q)
	return err
}
