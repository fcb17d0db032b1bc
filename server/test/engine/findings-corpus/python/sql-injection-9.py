# silent: security/sql-injection
import sqlite3

SCHEMA = """
CREATE TABLE IF NOT EXISTS notes (
    id INTEGER PRIMARY KEY,
    body TEXT NOT NULL
)
"""


def init(path):
    conn = sqlite3.connect(path)
    conn.executescript(SCHEMA)
    conn.execute("INSERT INTO notes (body) VALUES (?)", ("first note",))
    conn.commit()
    return conn
