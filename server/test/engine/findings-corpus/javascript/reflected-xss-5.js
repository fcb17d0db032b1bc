// expect: security/reflected-xss@8
const express = require('express');

const app = express();
app.use(express.urlencoded({ extended: false }));

app.post('/comments', (req, res) => {
  res.write('<li>' + req.body.comment + '</li>');
  res.end();
});

app.listen(3000);
