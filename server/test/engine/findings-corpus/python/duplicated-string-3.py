# silent: maintainability/duplicated-string
import requests


def post_json(url, body, token):
    if token:
        return requests.post(url, json=body, headers={"X-Request-Source": "billing", "Authorization": token}, timeout=5)
    return requests.post(url, json=body, headers={"X-Request-Source": "billing"}, timeout=5)
