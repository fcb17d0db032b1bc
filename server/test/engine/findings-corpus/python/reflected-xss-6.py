# silent: security/reflected-xss
from flask import Flask, request

app = Flask(__name__)


@app.route("/echo")
def echo():
    return {"you_sent": request.args.get("q", "")}
