// silent: maintainability/duplicated-string
export function headersFor(kind: 'json' | 'form' | 'patch'): Record<string, string> {
  switch (kind) {
    case 'json':
      return { 'content-type': 'application/json' };
    case 'patch':
      return { 'content-type': 'application/merge-patch+json' };
    default:
      return { 'content-type': 'application/x-www-form-urlencoded' };
  }
}
