// expect: security/sql-injection@7
import { Pool } from 'pg';

const pool = new Pool();

export async function findInvoices(customer: string, year: number): Promise<unknown[]> {
  const { rows } = await pool.query(
    `SELECT id, total FROM invoices WHERE customer = '${customer}' AND extract(year from issued) = ${year}`,
  );
  return rows;
}
