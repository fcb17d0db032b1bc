// silent: performance/regex-in-loop
const ERROR_LINE = /^\[ERROR\]/;

function countErrors(lines) {
  let n = 0;
  for (const line of lines) {
    if (ERROR_LINE.test(line)) n++;
  }
  return n;
}
