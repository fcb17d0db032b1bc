# silent: security/error-details
import logging

from flask import Flask, request

app = Flask(__name__)
log = logging.getLogger(__name__)


@app.route("/orders", methods=["POST"])
def create_order():
    try:
        order = parse_order(request.get_json())
    except ValueError as e:
        return str(e), 400
    try:
        save(order)
    except Exception:
        log.exception("saving order")
        return "Internal server error", 500
    return "", 201
