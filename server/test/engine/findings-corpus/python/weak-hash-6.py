# expect: security/weak-hash@6
import hashlib


def password_digest(password: str) -> str:
    return hashlib.new("md5", password.encode("utf-8")).hexdigest()
