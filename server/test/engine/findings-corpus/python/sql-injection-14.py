# silent: security/sql-injection
def list_users(cursor, only_active):
    query = "SELECT id, email FROM users"
    if only_active:
        query += " WHERE active = 1"
    cursor.execute(query)
    return cursor.fetchall()
