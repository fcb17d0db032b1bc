// silent: security/reflected-xss
const express = require('express');

const app = express();

app.get('/page', (req, res) => {
  const page = Number.parseInt(req.query.page, 10) || 1;
  res.send(`<p>Page ${page}</p>`);
});

app.listen(3000);
