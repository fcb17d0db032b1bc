// silent: security/reflected-xss
const express = require('express');

const app = express();

app.post('/comments', (req, res) => {
  saveComment(req.body.comment);
  res.send('<p>Thanks, your comment is awaiting moderation.</p>');
});

app.listen(3000);
