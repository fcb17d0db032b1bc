# expect: maintainability/duplicated-string@9
import logging

log = logging.getLogger(__name__)


def sync(a, b, c):
    if not a:
        log.warning("remote store is unavailable")
        return False
    if not b:
        log.warning("remote store is unavailable")
        return False
    if not c:
        log.warning("remote store is unavailable")
        return False
    return True
