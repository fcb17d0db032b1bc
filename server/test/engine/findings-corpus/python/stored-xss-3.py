# silent: security/stored-xss
from flask import Flask, jsonify, render_template
from markupsafe import escape

from .db import db_session
from .models import Article

app = Flask(__name__)


@app.route("/articles/<int:article_id>")
def article(article_id):
    item = Article.query.get_or_404(article_id)
    return render_template("article.html", article=item)


@app.route("/articles/<int:article_id>/title")
def article_title(article_id):
    row = db_session.execute("SELECT title FROM articles WHERE id = :id", {"id": article_id}).fetchone()
    return "<h1>" + escape(row[0]) + "</h1>"


@app.route("/api/articles/<int:article_id>")
def article_json(article_id):
    item = Article.query.get_or_404(article_id)
    return jsonify(title=item.title, body=item.body)
