# expect: maintainability/dead-code@3
def migrate(db):
    if 0:
        db.execute("DROP TABLE legacy_users")
    db.execute("CREATE TABLE IF NOT EXISTS users (id INTEGER PRIMARY KEY)")
