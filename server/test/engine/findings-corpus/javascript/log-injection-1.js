// expect: security/log-injection@8
const express = require('express');

const app = express();

app.post('/webhooks/:provider', express.json(), (req, res) => {
  const provider = req.params.provider;
  console.info(`webhook received from ${provider}`);
  res.sendStatus(202);
});

module.exports = app;
