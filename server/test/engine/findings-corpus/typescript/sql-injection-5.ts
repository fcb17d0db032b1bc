// expect: security/sql-injection@5
import type { Knex } from 'knex';

export async function sortedProducts(db: Knex, column: string) {
  return db.raw('SELECT * FROM products ORDER BY ' + column);
}
