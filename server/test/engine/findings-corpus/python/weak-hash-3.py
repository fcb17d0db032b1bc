# expect: security/weak-hash@6
import hashlib


def sign_token(secret, payload):
    return hashlib.sha1((secret + payload).encode()).hexdigest()
