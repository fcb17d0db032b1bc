// expect: best_practices/loose-equality@3
export function sameVersion(a: string | number, b: string | number): boolean {
  return a != b ? false : true;
}
