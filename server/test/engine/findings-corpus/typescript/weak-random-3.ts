// silent: security/weak-random
export function pickColor(palette: readonly string[]): string {
  return palette[Math.floor(Math.random() * palette.length)]!;
}
