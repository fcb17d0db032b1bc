// silent: security/reflected-xss
const express = require('express');

const app = express();

app.get('/greet', (req, res) => {
  res.json({ message: 'Welcome back, ' + req.query.name });
});

app.listen(3000);
