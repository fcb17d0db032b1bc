// silent: security/sql-injection
const mysql = require('mysql2');

const db = mysql.createConnection({ host: 'localhost', user: 'shop', database: 'shop' });

function productsByCategory(category, cb) {
  db.query('SELECT id, name, price FROM products WHERE category = ? ORDER BY name', [category], cb);
}

module.exports = { productsByCategory };
