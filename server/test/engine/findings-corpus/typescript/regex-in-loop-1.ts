// expect: performance/regex-in-loop@5
export function extractIds(lines: string[]): string[] {
  const ids: string[] = [];
  for (const line of lines) {
    const m = new RegExp('id=(\\d+)').exec(line);
    if (m) ids.push(m[1]!);
  }
  return ids;
}
