# expect: security/stored-xss@21
import sqlite3

from flask import Flask, g

app = Flask(__name__)


def get_db():
    if "db" not in g:
        g.db = sqlite3.connect("guestbook.db")
    return g.db


@app.route("/guestbook")
def guestbook():
    cur = get_db().cursor()
    cur.execute("SELECT author, message FROM entries ORDER BY created DESC LIMIT 50")
    rows = cur.fetchall()
    entries = "".join(f"<li><b>{author}</b>: {message}</li>" for author, message in rows)
    return "<h1>Guestbook</h1><ul>" + entries + "</ul>"
