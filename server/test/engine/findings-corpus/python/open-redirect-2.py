# silent: security/open-redirect
from urllib.parse import urlparse

from flask import Flask, redirect, request, url_for

app = Flask(__name__)


@app.route("/login/done")
def login_done():
    target = request.args.get("next", "")
    if urlparse(target).netloc or not target.startswith("/"):
        target = url_for("home")
    return redirect(target)
