# silent: security/sql-injection
import logging

log = logging.getLogger(__name__)


def slow_query_note(cursor, table, seconds):
    log.info("select from %s took %.1fs; consider an index", table, seconds)
    cursor.execute("SELECT count(*) FROM pg_stat_activity WHERE state = %s", ("active",))
    return cursor.fetchone()[0]
