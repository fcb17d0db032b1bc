// expect: security/reflected-xss@7
const express = require('express');

const app = express();

app.get('/greet', (req, res) => {
  res.send('<p>Welcome back, ' + req.query.name + '!</p>');
});

app.listen(3000);
