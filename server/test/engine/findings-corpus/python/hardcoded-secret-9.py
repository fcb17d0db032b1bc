# silent: security/hardcoded-secret
import os

from sqlalchemy import create_engine

TEST_DATABASE_URL = "postgresql://postgres:postgres@localhost:5432/test"
DATABASE_URL = os.environ.get("DATABASE_URL", TEST_DATABASE_URL)
REPLICA_URL = "postgresql://reader@replica.internal:5432/app"


def engine(password: str):
    return create_engine(f"postgresql://app:{password}@db.internal:5432/app")
