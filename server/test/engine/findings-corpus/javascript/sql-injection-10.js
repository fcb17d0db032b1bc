// silent: security/sql-injection
const { Pool } = require('pg');

const pool = new Pool();
const TABLE = 'invoices';

async function invoice(id) {
  const { rows } = await pool.query(`SELECT * FROM ${TABLE} WHERE id = $1`, [id]);
  return rows[0];
}

module.exports = { invoice };
