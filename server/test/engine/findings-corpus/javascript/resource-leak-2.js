// silent: best_practices/resource-leak
const fs = require('fs');

function magic(path) {
  const fd = fs.openSync(path, 'r');
  try {
    const buf = Buffer.alloc(4);
    fs.readSync(fd, buf, 0, 4, 0);
    return buf.toString('hex');
  } finally {
    fs.closeSync(fd);
  }
}

module.exports = { magic };
