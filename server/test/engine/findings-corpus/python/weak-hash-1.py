# expect: security/weak-hash@6
import hashlib


def store_password(db, user, password):
    digest = hashlib.md5(password.encode()).hexdigest()
    db.save(user, digest)
