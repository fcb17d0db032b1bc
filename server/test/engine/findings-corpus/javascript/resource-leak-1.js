// expect: best_practices/resource-leak@5
const fs = require('fs');

function magic(path) {
  const fd = fs.openSync(path, 'r');
  const buf = Buffer.alloc(4);
  fs.readSync(fd, buf, 0, 4, 0);
  return buf.toString('hex');
}

module.exports = { magic };
