# silent: security/reflected-xss
from flask import Flask, render_template, request

app = Flask(__name__)


@app.route("/search")
def search():
    return render_template("search.html", query=request.args.get("q", ""))
