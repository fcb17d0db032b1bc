# silent: security/tls-verification-disabled
import requests


def fetch_status(url):
    resp = requests.get(url, timeout=5, verify="/etc/ssl/internal-ca.pem")
    return resp.status_code
