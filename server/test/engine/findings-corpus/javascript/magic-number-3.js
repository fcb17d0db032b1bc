// silent: maintainability/magic-number
function handle(res) {
  if (res.status >= 500) return 'retry';
  if (res.status === 404) return 'missing';
  return 'ok';
}
