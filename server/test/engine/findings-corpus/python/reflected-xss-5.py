# expect: security/reflected-xss@9
from flask import Flask, make_response, request

app = Flask(__name__)


@app.route("/unsubscribe")
def unsubscribe():
    resp = make_response("<p>" + request.args.get("email", "") + " has been unsubscribed</p>")
    resp.headers["Cache-Control"] = "no-store"
    return resp
