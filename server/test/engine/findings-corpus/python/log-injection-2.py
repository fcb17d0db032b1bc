# silent: security/log-injection
import logging
import os

from flask import Flask, request

app = Flask(__name__)
log = logging.getLogger("auth")


@app.route("/reset", methods=["POST"])
def reset_password():
    email = request.form.get("email", "")
    log.info("password reset requested for %r", email)
    log.info("running in %s", os.environ.get("DEPLOY_ENV", "dev"))
    return "", 204
