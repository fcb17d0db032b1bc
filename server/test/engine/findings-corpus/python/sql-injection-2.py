# expect: security/sql-injection@8
import psycopg2


def orders_for(conn, customer_id, status):
    query = f"SELECT * FROM orders WHERE customer_id = {customer_id} AND status = '{status}'"
    with conn.cursor() as cur:
        cur.execute(query)
        return cur.fetchall()
