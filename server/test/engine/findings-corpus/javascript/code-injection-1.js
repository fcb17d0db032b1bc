// expect: security/code-injection@4
function evaluate(expression, scope) {
  const names = Object.keys(scope);
  const fn = new Function(...names, 'return (' + expression + ');');
  return fn(...Object.values(scope));
}

module.exports = { evaluate };
