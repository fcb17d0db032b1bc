# expect: security/path-traversal@13
import os

from flask import Flask, request, send_file

app = Flask(__name__)
UPLOADS = "/srv/uploads"


@app.route("/download")
def download():
    name = request.args["file"]
    return send_file(os.path.join(UPLOADS, name))
