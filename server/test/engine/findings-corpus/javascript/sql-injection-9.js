// expect: security/sql-injection@5
const mysql = require('mysql2/promise');

async function setNickname(pool, userId, nickname) {
  const [result] = await pool.execute("UPDATE users SET nickname = '" + nickname + "' WHERE id = " + userId);
  return result.affectedRows;
}

module.exports = { setNickname };
