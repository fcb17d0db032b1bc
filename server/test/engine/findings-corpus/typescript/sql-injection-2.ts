// silent: security/sql-injection
import { Pool } from 'pg';

const pool = new Pool();

export async function findInvoices(customer: string, year: number): Promise<unknown[]> {
  const { rows } = await pool.query(
    'SELECT id, total FROM invoices WHERE customer = $1 AND extract(year from issued) = $2',
    [customer, year],
  );
  return rows;
}
