// expect: best_practices/no-var@3
export function lastIndex(items: string[], wanted: string): number {
  for (var i = items.length - 1; i >= 0; i--) {
    if (items[i] === wanted) return i;
  }
  return -1;
}
