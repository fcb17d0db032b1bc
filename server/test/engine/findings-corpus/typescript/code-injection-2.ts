// silent: security/code-injection
const OPERATIONS: Record<string, (a: number, b: number) => number> = {
  add: (a, b) => a + b,
  sub: (a, b) => a - b,
};

export function calculate(op: string, a: number, b: number): number {
  const fn = OPERATIONS[op];
  if (!fn) throw new Error(`unknown operation ${op}`);
  return fn(a, b);
}
