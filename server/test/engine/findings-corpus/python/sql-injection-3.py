# expect: security/sql-injection@8
import pymysql


def delete_session(conn, token):
    sql = "DELETE FROM sessions WHERE token = '%s'" % token
    cursor = conn.cursor()
    cursor.execute(sql)
    conn.commit()
