# expect: security/tls-verification-disabled@6
import ssl


def legacy_context():
    return ssl._create_unverified_context()
