// silent: best_practices/loose-equality
function describe(value) {
  if (value == null) return 'nothing';
  if (typeof value == 'string') return 'text';
  return value === 0 ? 'zero' : 'something';
}
