// expect: best_practices/no-var@4
'use strict';

var express = require('express');

const app = express();
app.get('/health', (req, res) => res.send('ok'));
app.listen(8080);
