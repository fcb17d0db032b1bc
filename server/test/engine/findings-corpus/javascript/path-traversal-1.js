// expect: security/path-traversal@9
const fs = require('fs');
const path = require('path');
const express = require('express');

const app = express();

app.get('/logs/:name', (req, res) => {
  fs.readFile(path.join(__dirname, 'logs', req.params.name), 'utf8', (err, text) => {
    if (err) return res.sendStatus(404);
    res.type('text/plain').send(text);
  });
});
