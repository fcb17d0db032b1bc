// silent: maintainability/magic-number
const MAX_ATTEMPTS = 5;

function canRetry(attempts) {
  return attempts < MAX_ATTEMPTS;
}
