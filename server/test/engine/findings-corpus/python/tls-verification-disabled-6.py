# expect: security/tls-verification-disabled@8
import requests


def make_session(token):
    s = requests.Session()
    s.headers["Authorization"] = "Bearer " + token
    s.verify = False
    return s
