// silent: security/stored-xss
const express = require('express');
const escapeHtml = require('escape-html');
const db = require('./db');

const app = express();

app.get('/notes/:id', async (req, res) => {
  const note = await db.get('SELECT title, body FROM notes WHERE id = ?', req.params.id);
  res.send('<h1>' + escapeHtml(note.title) + '</h1><pre>' + escapeHtml(note.body) + '</pre>');
});

app.get('/notes/:id/raw', async (req, res) => {
  const note = await db.get('SELECT body FROM notes WHERE id = ?', req.params.id);
  res.type('text/plain');
  res.send(note.body);
});

app.get('/api/notes', async (req, res) => {
  const notes = await db.all('SELECT id, title FROM notes');
  res.json(notes);
});
