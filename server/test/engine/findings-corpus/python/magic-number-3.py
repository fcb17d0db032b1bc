# silent: maintainability/magic-number
import requests


def fetch_json(url):
    resp = requests.get(url, timeout=10)
    if resp.status_code == 404:
        return None
    if len(resp.content) == 0:
        return {}
    return resp.json()
