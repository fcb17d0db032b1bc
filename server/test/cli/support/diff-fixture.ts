/**
 * A repository with two commits for `code-explain diff`: a base, and a head
 * that adds, changes, renames and deletes source files, changes a binary
 * file and a file of no supported language, fixes one finding and brings in
 * another.
 */
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { git, gitRepository, writeFiles } from '../support.js';

/** Cognitive 13, cyclomatic 8 in the head (the analyze tests' tangle); simpler in the base. */
const TANGLE_BASE = `export function tangle(rows: number[][], limit: number): number {
  let total = 0;
  for (const row of rows) {
    for (const cell of row) {
      if (cell > limit) total += cell;
    }
  }
  return total;
}
`;

const TANGLE_HEAD = `export function tangle(rows: number[][], limit: number): number {
  let total = 0;
  for (const row of rows) {
    if (row.length === 0) continue;
    for (const cell of row) {
      if (cell > limit) {
        if (cell % 2 === 0 || cell % 3 === 0) {
          total += cell;
        } else if (cell < 0) {
          break;
        }
      }
    }
  }
  return total;
}
`;

const STEADY = `/** Adds up the numbers. */
export function steady(values: number[]): number {
  let sum = 0;
  for (const v of values) sum += v;
  return sum;
}
`;

/** A new unit above tangle moves it (and steady) down: they are matched by name, not line. */
const SCALE = `/** Multiplies every number by the factor. */
export function scale(values: number[], factor: number): number[] {
  return values.map((v) => v * factor);
}

`;

export const RUNNER_BASE = `const { exec } = require('child_process');

function listing(req, res) {
  exec('ls ' + req.query.dir, (err, out) => res.send(out));
}

module.exports = { listing };
`;

/** The command injection fixed: the shell is gone. */
export const RUNNER_HEAD = `const { execFile } = require('child_process');

function listing(req, res) {
  execFile('ls', [String(req.query.dir)], (err, out) => res.send(out));
}

module.exports = { listing };
`;

/** New in the head: a command injection on line 6. */
export const APP_JS = `const express = require('express');
const { exec } = require('child_process');
const app = express();

app.get('/run', (req, res) => {
  exec('ls ' + req.query.dir, (err, out) => res.send(out));
});
`;

const GEOMETRY_BASE = `def clamp(v, lo, hi):
    """Keep v between lo and hi."""
    if v < lo:
        return lo
    return min(v, hi)


def area(w, h):
    """The area of a w by h rectangle."""
    return w * h


def perimeter(w, h):
    """The perimeter of a w by h rectangle."""
    return 2 * (w + h)
`;

/** Renamed (geometry.py → shapes.py) with clamp changed: compared across the rename. */
const GEOMETRY_HEAD = GEOMETRY_BASE.replace(
  '    return min(v, hi)\n',
  '    if v > hi:\n        return hi\n    return v\n',
);

const GONE_GO = `package gone

// Gone returns a when it is over one.
func Gone(a int) int {
\tif a > 1 {
\t\treturn a
\t}
\treturn 0
}
`;

export const BASE_FILES: Record<string, string> = {
  'src/tangle.ts': `${TANGLE_BASE}\n${STEADY}`,
  'src/runner.js': RUNNER_BASE,
  'src/geometry.py': GEOMETRY_BASE,
  'src/gone.go': GONE_GO,
  'README.md': '# fixture\n',
  'logo.png': '\x89PNG\r\n\x1a\n\0\0\0base',
};

export const HEAD_FILES: Record<string, string> = {
  'src/tangle.ts': `${SCALE}${TANGLE_HEAD}\n${STEADY}`,
  'src/runner.js': RUNNER_HEAD,
  'src/shapes.py': GEOMETRY_HEAD,
  'src/app.js': APP_JS,
  'README.md': '# fixture\n\nNow with a review.\n',
  'logo.png': '\x89PNG\r\n\x1a\n\0\0\0head',
};

/** Builds the repository at root: commit "base", then commit "head" (HEAD). */
export function diffRepository(root: string): void {
  gitRepository(root, BASE_FILES);
  for (const path of Object.keys(BASE_FILES))
    if (!(path in HEAD_FILES)) rmSync(join(root, path), { force: true });
  writeFiles(root, HEAD_FILES);
  git(root, 'add', '-A');
  git(root, 'commit', '-q', '-m', 'head');
}
