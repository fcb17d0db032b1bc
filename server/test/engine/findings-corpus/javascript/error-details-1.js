// expect: security/error-details@7
const express = require('express');

const app = express();

app.use((err, req, res, next) => {
  res.status(500).send(err.stack);
});
