// expect: security/hardcoded-secret@5
const config = {
  port: 8080,
  session: {
    secret: 'keyboard-cat-1998-super',
    maxAge: 3600,
  },
};

module.exports = config;
