# expect: security/weak-random@8
import random
import string


def reset_token():
    alphabet = string.ascii_letters + string.digits
    token = "".join(random.choice(alphabet) for _ in range(32))
    return token
