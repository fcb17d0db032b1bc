# expect: security/sql-injection@7
from sqlalchemy import text


def archive_before(engine, cutoff):
    with engine.begin() as conn:
        conn.execute(text(f"DELETE FROM audit_log WHERE created_at < '{cutoff}'"))
