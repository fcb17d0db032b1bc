// expect: security/unsafe-deserialization@7
const express = require('express');
const serialize = require('node-serialize');

const app = express();
app.get('/dashboard', (req, res) => {
  const prefs = serialize.unserialize(Buffer.from(req.cookies.prefs || '', 'base64').toString());
  res.render('dashboard', { theme: prefs.theme });
});
