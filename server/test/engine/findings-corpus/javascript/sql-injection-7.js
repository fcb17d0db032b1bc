// expect: security/sql-injection@7
const { Sequelize, QueryTypes } = require('sequelize');

const sequelize = new Sequelize(process.env.DATABASE_URL);

async function ordersSince(customerId, since) {
  return sequelize.query(
    `SELECT * FROM orders WHERE customer_id = ${customerId} AND created_at > '${since}'`,
    { type: QueryTypes.SELECT },
  );
}

module.exports = { ordersSince };
