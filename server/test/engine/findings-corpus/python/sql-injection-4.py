# expect: security/sql-injection@6
import sqlite3


def rename_product(conn: sqlite3.Connection, product_id: int, new_name: str) -> None:
    conn.execute(
        "UPDATE products SET name = '{}' WHERE id = {}".format(new_name, product_id)
    )
    conn.commit()
