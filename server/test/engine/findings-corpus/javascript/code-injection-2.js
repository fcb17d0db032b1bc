// silent: security/code-injection
function parseBody(raw) {
  try {
    return JSON.parse(raw);
  } catch (err) {
    throw new Error(`invalid JSON body: ${err.message}`);
  }
}

module.exports = { parseBody };
