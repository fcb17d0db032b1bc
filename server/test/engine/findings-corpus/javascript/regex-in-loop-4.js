// silent: performance/regex-in-loop
function matchesAny(name, patterns) {
  for (const p of patterns) {
    const re = new RegExp(p);
    if (re.test(name)) return true;
  }
  return false;
}
