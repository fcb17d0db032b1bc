// silent: security/error-details
const express = require('express');

const app = express();

app.use((err, req, res, next) => {
  req.log.error({ err }, 'request failed');
  res.status(500).json({ error: 'Internal server error', requestId: req.id });
});
