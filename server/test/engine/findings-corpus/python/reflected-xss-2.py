# silent: security/reflected-xss
from flask import Flask, request
from markupsafe import escape

app = Flask(__name__)


@app.route("/hello")
def hello():
    return "<h1>Hello " + escape(request.args.get("name", "")) + "</h1>"
