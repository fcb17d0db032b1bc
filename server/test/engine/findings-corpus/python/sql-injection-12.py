# expect: security/sql-injection@4
def find_products(cursor, filters):
    where = " AND ".join(f"{column} = '{value}'" for column, value in filters.items())
    cursor.execute("SELECT id, name FROM products WHERE " + where)
    return cursor.fetchall()
