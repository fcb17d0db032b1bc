# silent: security/sql-injection
from sqlalchemy import text


def count_active(engine, team):
    with engine.connect() as conn:
        result = conn.execute(text("SELECT count(*) FROM members WHERE team = :team AND active"), {"team": team})
        return result.scalar()
