# silent: security/sql-injection
import sqlite3


def search_books(conn, author):
    cur = conn.cursor()
    cur.execute("SELECT title, year FROM books WHERE author = ?", (author,))
    return [dict(title=t, year=y) for t, y in cur.fetchall()]
