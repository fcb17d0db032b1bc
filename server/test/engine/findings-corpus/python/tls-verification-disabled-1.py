# expect: security/tls-verification-disabled@6
import requests


def fetch_status(url):
    resp = requests.get(url, timeout=5, verify=False)
    return resp.status_code
