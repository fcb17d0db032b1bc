// silent: security/sql-injection
const Database = require('better-sqlite3');

const db = new Database('app.db');

function markDone(ids) {
  const placeholders = ids.map(() => '?').join(', ');
  const stmt = db.prepare('UPDATE tasks SET done = 1 WHERE id IN (' + placeholders + ')');
  return stmt.run(...ids);
}

module.exports = { markDone };
