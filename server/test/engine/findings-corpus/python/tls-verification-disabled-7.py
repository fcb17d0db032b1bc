# silent: security/tls-verification-disabled
import os

import requests


def fetch(url):
    return requests.get(url, timeout=10, verify=os.environ.get("REQUESTS_CA_BUNDLE", True))
