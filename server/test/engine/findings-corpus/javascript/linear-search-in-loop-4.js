// expect: performance/linear-search-in-loop@6
function filterMethods(requests) {
  const allowed = ['GET', 'HEAD', 'OPTIONS'];
  const out = [];
  for (const r of requests) {
    if (allowed.indexOf(r.method) !== -1) out.push(r);
  }
  return out;
}
