// silent: security/unsafe-deserialization
const express = require('express');
const serialize = require('node-serialize');

const app = express();
app.get('/dashboard', (req, res) => {
  const prefs = JSON.parse(Buffer.from(req.cookies.prefs || 'e30=', 'base64').toString());
  res.set('X-Debug', serialize.serialize({ theme: prefs.theme }));
  res.render('dashboard', { theme: prefs.theme });
});
