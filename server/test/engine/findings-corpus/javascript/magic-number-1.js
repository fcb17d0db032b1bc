// expect: maintainability/magic-number@3
function canRetry(attempts) {
  return attempts < 5;
}
