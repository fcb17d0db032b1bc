// silent: security/path-traversal
const fs = require('fs');
const path = require('path');
const express = require('express');

const app = express();
const LOG_DIR = path.join(__dirname, 'logs');

app.get('/logs/:name', (req, res) => {
  const file = path.resolve(LOG_DIR, req.params.name);
  if (!file.startsWith(LOG_DIR + path.sep)) return res.sendStatus(400);
  fs.readFile(file, 'utf8', (err, text) => {
    if (err) return res.sendStatus(404);
    res.type('text/plain').send(text);
  });
});
