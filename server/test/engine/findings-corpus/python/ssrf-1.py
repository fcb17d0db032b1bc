# expect: security/ssrf@11
import requests
from flask import Flask, request

app = Flask(__name__)


@app.route("/preview")
def preview():
    url = request.args["url"]
    resp = requests.get(url, timeout=5)
    return {"status": resp.status_code, "length": len(resp.content)}
