# silent: security/timing-unsafe-compare
import hashlib
import hmac


def webhook_is_authentic(body, header_signature, secret):
    """Checks the X-Hub-Signature-256 header a webhook sender attached."""
    expected = "sha256=" + hmac.new(secret, body, hashlib.sha256).hexdigest()
    if not header_signature:
        return False
    return hmac.compare_digest(expected, header_signature)
