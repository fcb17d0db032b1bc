# expect: security/reflected-xss@9
from flask import Flask, request

app = Flask(__name__)


@app.route("/search")
def search():
    return f"<p>No results for <b>{request.args['q']}</b></p>"
