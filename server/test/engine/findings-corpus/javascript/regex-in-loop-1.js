// expect: performance/regex-in-loop@5
function countErrors(lines) {
  let n = 0;
  for (const line of lines) {
    const re = new RegExp('^\\[ERROR\\]');
    if (re.test(line)) n++;
  }
  return n;
}
