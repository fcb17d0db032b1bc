// expect: security/tls-verification-disabled@7
const axios = require('axios');
const https = require('https');

const client = axios.create({
  baseURL: 'https://inventory.internal',
  httpsAgent: new https.Agent({ rejectUnauthorized: false }),
});

module.exports = client;
