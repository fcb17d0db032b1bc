// silent: security/command-injection
const { execFile } = require('child_process');

function convert(req, res) {
  const file = req.query.file;
  execFile('ffmpeg', ['-i', `uploads/${file}`, '-f', 'mp3', `out/${file}.mp3`], (err) => {
    if (err) return res.status(500).send('conversion failed');
    res.send('ok');
  });
}

module.exports = { convert };
