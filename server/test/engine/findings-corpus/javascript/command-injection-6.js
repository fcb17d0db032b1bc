// expect: security/command-injection@3
function removeUpload(dir) {
  require('child_process').exec(`rm -rf /srv/uploads/${dir}`, (err) => {
    if (err) console.error('cleanup failed', err);
  });
}

module.exports = { removeUpload };
