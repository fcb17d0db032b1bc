# expect: security/log-injection@14
import logging

from flask import Flask, request

app = Flask(__name__)
log = logging.getLogger("auth")


@app.route("/reset", methods=["POST"])
def reset_password():
    email = request.form.get("email", "")
    # A newline in the address would write a second, forged line into the audit log.
    log.info("password reset requested for " + email)
    return "", 204
