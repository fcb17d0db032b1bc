# silent: security/code-injection
import json

HANDLERS = {"sum": sum, "max": max, "min": min}


def run_op(request_body):
    payload = json.loads(request_body)
    op = HANDLERS[payload["op"]]
    return op(payload["values"])
