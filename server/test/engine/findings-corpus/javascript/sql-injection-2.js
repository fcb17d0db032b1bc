// silent: security/sql-injection
const { Pool } = require('pg');

const pool = new Pool();

async function getUser(req, res) {
  const result = await pool.query('SELECT * FROM users WHERE id = $1', [req.params.id]);
  res.json(result.rows[0]);
}

module.exports = { getUser };
