# silent: security/jwt-verification
import os

import jwt


def current_user(token):
    claims = jwt.decode(token, os.environ["JWT_KEY"], algorithms=["HS256"])
    return claims["sub"]
