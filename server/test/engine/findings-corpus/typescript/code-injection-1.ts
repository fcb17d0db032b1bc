// expect: security/code-injection@3
export function compileFilter(expr: string): (row: Record<string, unknown>) => boolean {
  return new Function('row', `with (row) { return ${expr}; }`) as (row: Record<string, unknown>) => boolean;
}
