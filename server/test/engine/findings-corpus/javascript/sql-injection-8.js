// silent: security/sql-injection
const knex = require('knex')({ client: 'pg', connection: process.env.DATABASE_URL });

async function userByEmail(email) {
  return knex('users').where({ email }).first();
}

module.exports = { userByEmail };
