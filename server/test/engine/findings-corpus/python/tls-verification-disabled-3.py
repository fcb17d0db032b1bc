# expect: security/tls-verification-disabled@9
# expect: security/tls-verification-disabled@10
import ssl
import urllib.request


def open_insecure(url):
    ctx = ssl.create_default_context()
    ctx.check_hostname = False
    ctx.verify_mode = ssl.CERT_NONE
    return urllib.request.urlopen(url, context=ctx).read()
