// expect: security/sql-injection@11
const sqlite3 = require('sqlite3');

const db = new sqlite3.Database('notes.db');

function searchNotes(term, done) {
  let sql = 'SELECT id, title FROM notes';
  if (term) {
    sql += " WHERE title LIKE '%" + term + "%'";
  }
  db.all(sql, done);
}

module.exports = { searchNotes };
