# silent: security/sql-injection
import sqlite3

TABLE = "audit_events"


def events_for(conn: sqlite3.Connection, user_id: int):
    cur = conn.execute(f"SELECT kind, at FROM {TABLE} WHERE user_id = ? ORDER BY at", (user_id,))
    return cur.fetchall()
