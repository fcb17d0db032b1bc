# expect: security/reflected-xss@10
from flask import Flask, request

app = Flask(__name__)


@app.route("/hello")
def hello():
    name = request.args.get("name", "stranger")
    return "<h1>Hello " + request.args.get("name", "") + "</h1>"
