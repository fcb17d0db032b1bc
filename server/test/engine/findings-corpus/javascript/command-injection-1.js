// expect: security/command-injection@6
const { exec } = require('child_process');

function convert(req, res) {
  const file = req.query.file;
  exec('ffmpeg -i uploads/' + file + ' -f mp3 out/' + file + '.mp3', (err) => {
    if (err) return res.status(500).send('conversion failed');
    res.send('ok');
  });
}

module.exports = { convert };
