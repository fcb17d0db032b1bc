/** Counting how often our numbers equal a reference tool's, with examples of where they differ. */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

export class Agreement {
  #equal = 0;
  #total = 0;
  readonly #differences: string[] = [];

  constructor(readonly title: string) {}

  compare(label: string, ours: number, theirs: number): void {
    this.#total++;
    if (ours === theirs) this.#equal++;
    else this.#differences.push(`${label}: ours ${ours}, reference ${theirs}`);
  }

  get total(): number {
    return this.#total;
  }

  get rate(): number {
    return this.#total === 0 ? 0 : this.#equal / this.#total;
  }

  get differences(): readonly string[] {
    return this.#differences;
  }

  /** One line with the rate, then up to `examples` differing functions. */
  summary(examples = 5): string {
    const lines = [
      `${this.title}: ${this.#equal}/${this.#total} equal (${(this.rate * 100).toFixed(1)}%)`,
      ...this.#differences.slice(0, examples).map((d) => `    ${d}`),
    ];
    if (examples > 0 && this.#differences.length > examples)
      lines.push(`    … ${this.#differences.length - examples} more`);
    return lines.join('\n');
  }
}

/** The files directly in `dir` whose names pass `keep`, sorted, as absolute paths. */
export function filesIn(dir: string, keep: (name: string) => boolean): string[] {
  return readdirSync(dir)
    .filter(keep)
    .sort()
    .map((name) => join(dir, name));
}
