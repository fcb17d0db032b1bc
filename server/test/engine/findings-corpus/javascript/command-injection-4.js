// silent: security/command-injection
// expect: security/sql-injection@10
const db = require('./db');

async function exec(sql) {
  return db.run(sql);
}

async function resetCounters(table) {
  return exec(`UPDATE ${table} SET hits = 0`);
}

module.exports = { resetCounters };
