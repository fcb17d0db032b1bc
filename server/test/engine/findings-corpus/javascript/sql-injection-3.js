// expect: security/sql-injection@8
const mysql = require('mysql2');

const db = mysql.createConnection({ host: 'localhost', user: 'shop', database: 'shop' });

function productsByCategory(category, cb) {
  const sql = "SELECT id, name, price FROM products WHERE category = '" + category + "' ORDER BY name";
  db.query(sql, cb);
}

module.exports = { productsByCategory };
