# expect: security/tls-verification-disabled@6
import httpx


def internal_client():
    return httpx.Client(base_url="https://metrics.internal", verify=False)
