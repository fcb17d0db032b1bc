# silent: security/weak-random
import secrets


def reset_token():
    token = secrets.token_urlsafe(32)
    return token
