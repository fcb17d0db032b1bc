// expect: best_practices/loose-equality@3
export function hasItems(count: number | string): boolean {
  return count != 0;
}
