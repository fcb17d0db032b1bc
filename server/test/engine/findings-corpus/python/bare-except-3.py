# expect: best_practices/bare-except@10
import logging

log = logging.getLogger(__name__)


def safe_close(conn):
    try:
        conn.close()
    except:
        log.exception("closing %s failed", conn)
        raise
