// silent: security/reflected-xss
const express = require('express');
const escapeHtml = require('escape-html');

const app = express();

app.get('/greet', (req, res) => {
  res.send('<p>Welcome back, ' + escapeHtml(req.query.name) + '!</p>');
});

app.listen(3000);
