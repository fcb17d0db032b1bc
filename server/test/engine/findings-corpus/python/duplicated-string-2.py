# silent: maintainability/duplicated-string
import logging

log = logging.getLogger(__name__)
UNAVAILABLE = "remote store is unavailable"


def sync(a, b, c):
    for ok in (a, b, c):
        if not ok:
            log.warning(UNAVAILABLE)
            return False
    return True
