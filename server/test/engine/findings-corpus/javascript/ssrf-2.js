// silent: security/ssrf
const express = require('express');

const app = express();
const ALLOWED_HOSTS = new Set(['api.github.com', 'api.gitlab.com']);

app.get('/proxy', async (req, res) => {
  const target = new URL(req.query.target);
  if (target.protocol !== 'https:' || !ALLOWED_HOSTS.has(target.hostname)) return res.sendStatus(400);
  const upstream = await fetch(target);
  res.status(upstream.status).send(await upstream.text());
});
