# silent: security/weak-hash
import hashlib


def etag_for(body: bytes) -> str:
    return '"' + hashlib.sha1(body, usedforsecurity=False).hexdigest() + '"'
