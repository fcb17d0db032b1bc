// expect: security/command-injection@5
const childProcess = require('child_process');

function currentBranch(repoDir) {
  return childProcess.execSync(`git -C ${repoDir} rev-parse --abbrev-ref HEAD`).toString().trim();
}

module.exports = { currentBranch };
