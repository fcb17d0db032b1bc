// expect: security/open-redirect@7
const express = require('express');

const app = express();

app.get('/out', (req, res) => {
  res.redirect(req.query.url);
});
