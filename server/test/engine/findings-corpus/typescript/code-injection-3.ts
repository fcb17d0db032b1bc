// expect: security/code-injection@4
export function runSnippet(code: string, context: Record<string, unknown>): unknown {
  const keys = Object.keys(context).join(', ');
  return eval(`(({ ${keys} }) => ${code})`)(context);
}
