// expect: maintainability/magic-number@3
export function passwordStrength(pw: string): 'weak' | 'ok' {
  return pw.length >= 12 ? 'ok' : 'weak';
}
