# silent: security/hardcoded-secret
PASSWORD_MIN_LENGTH = 12
TOKEN_HEADER = "X-Auth-Token"
password_reset_url = "https://accounts.example.org/reset"


def token_from(headers):
    return headers.get(TOKEN_HEADER)
