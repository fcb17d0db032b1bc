/** "3 minutes ago" for history items; pure so it is tested without VS Code. */

const UNITS: readonly [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

const format = new Intl.RelativeTimeFormat('en', { numeric: 'auto' });

export function relativeTime(iso: string, now: number = Date.now()): string {
  const then = Date.parse(iso);
  if (Number.isNaN(then)) return iso;
  const seconds = Math.round((then - now) / 1000);
  for (const [unit, size] of UNITS) {
    if (Math.abs(seconds) >= size) return format.format(Math.trunc(seconds / size), unit);
  }
  return 'just now';
}

/** The first line with something on it, shortened for a tree label. */
export function firstCodeLine(code: string, max = 60): string {
  const line =
    code
      .split(/\r?\n/)
      .find((l) => l.trim() !== '')
      ?.trim() ?? '(empty)';
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}
