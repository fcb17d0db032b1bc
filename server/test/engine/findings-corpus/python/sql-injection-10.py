# expect: security/sql-injection@5
def report_rows(cursor, region, year):
    sql = "SELECT region, SUM(amount) FROM sales WHERE year = " + str(year)
    sql += " AND region = '" + region + "' GROUP BY region"
    cursor.execute(sql)
    return cursor.fetchall()
