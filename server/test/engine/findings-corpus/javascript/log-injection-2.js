// silent: security/log-injection
const express = require('express');

const app = express();

app.post('/webhooks/:provider', express.json(), (req, res) => {
  console.info('webhook received', JSON.stringify({ provider: req.params.provider }));
  res.sendStatus(202);
});

module.exports = app;
