# expect: security/hardcoded-secret@4
from sqlalchemy import create_engine

DATABASE_URL = "postgresql://billing:Xk29!vQp7mZr@db.internal:5432/billing"


def engine():
    return create_engine(DATABASE_URL, pool_pre_ping=True)
