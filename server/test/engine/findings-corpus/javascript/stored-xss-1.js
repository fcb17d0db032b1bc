// expect: security/stored-xss@16
const express = require('express');
const { Pool } = require('pg');

const app = express();
const pool = new Pool();

app.get('/threads/:id', async (req, res, next) => {
  try {
    const { rows } = await pool.query('SELECT title, body, author FROM threads WHERE id = $1', [
      req.params.id,
    ]);
    if (rows.length === 0) {
      res.status(404).send('<p>Thread not found</p>');
      return;
    }
    const thread = rows[0];
    res.send(`<article><h1>${thread.title}</h1><p>by ${thread.author}</p>${thread.body}</article>`);
  } catch (err) {
    next(err);
  }
});
