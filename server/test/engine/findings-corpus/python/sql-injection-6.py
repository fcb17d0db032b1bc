# silent: security/sql-injection
import psycopg2


def page_of_events(conn, kind, limit):
    with conn.cursor() as cur:
        cur.execute(
            "SELECT id, payload FROM events WHERE kind = %s ORDER BY id DESC LIMIT %s",
            (kind, limit),
        )
        return cur.fetchall()
