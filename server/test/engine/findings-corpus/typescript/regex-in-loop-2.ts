// expect: performance/regex-in-loop@5
export function numbersIn(lines: string[]): number[] {
  const out: number[] = [];
  for (const line of lines) {
    const m = line.match(new RegExp('\\d+'));
    if (m) out.push(Number(m[0]));
  }
  return out;
}
