/**
 * Snippet builders shared by the rule tests: a function with a body in each
 * tier-1 language, nested conditions, imports, a class with methods.
 */
export type Tier1 = 'javascript' | 'typescript' | 'tsx' | 'python' | 'java' | 'go';
export const TIER1: readonly Tier1[] = ['javascript', 'typescript', 'tsx', 'python', 'java', 'go'];
export const JS: readonly Tier1[] = ['javascript', 'typescript', 'tsx'];

export const lines = (...ls: string[]) => ls.join('\n');

/** A function `name(params)` with body lines in the target language, wrapped so it compiles; and its line. */
export function fn(language: Tier1, name: string, params: readonly string[], body: readonly string[]) {
  switch (language) {
    case 'python':
      return {
        code: lines(`def ${name}(${params.join(', ')}):`, ...body.map((l) => `    ${l}`), ''),
        line: 1,
      };
    case 'java':
      return {
        code: lines(
          'class Holder {',
          `  int ${name}(${params.map((p) => `int ${p}`).join(', ')}) {`,
          ...body.map((l) => `    ${l}`),
          '    return 0;',
          '  }',
          '}',
        ),
        line: 2,
      };
    case 'go':
      return {
        code: lines(
          'package demo',
          '',
          `func ${name}(${params.map((p) => `${p} int`).join(', ')}) int {`,
          ...body.map((l) => `\t${l}`),
          '\treturn 0',
          '}',
          '',
        ),
        line: 3,
      };
    default:
      return {
        code: lines(`function ${name}(${params.join(', ')}) {`, ...body.map((l) => `  ${l}`), '}'),
        line: 1,
      };
  }
}

export const call = (language: Tier1, callee: string) =>
  language === 'python' ? `${callee}()` : `${callee}();`;

/** `depth` nested ifs testing `a > i`, with `inner` innermost. */
export function nestedIfs(language: Tier1, depth: number, inner: string): string[] {
  const out: string[] = [];
  const pad = (i: number) => (language === 'go' ? '\t' : language === 'python' ? '    ' : '  ').repeat(i);
  for (let i = 0; i < depth; i++) {
    const cond = `a > ${i}`;
    out.push(
      pad(i) +
        (language === 'python' ? `if ${cond}:` : language === 'go' ? `if ${cond} {` : `if (${cond}) {`),
    );
  }
  out.push(pad(depth) + inner);
  if (language !== 'python') for (let i = depth - 1; i >= 0; i--) out.push(`${pad(i)}}`);
  return out;
}

/** An if / else-if chain with `arms` arms. */
export function elseIfChain(language: Tier1, arms: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < arms; i++) {
    const cond = `a == ${i}`;
    if (language === 'python') out.push(`${i === 0 ? 'if' : 'elif'} ${cond}:`, `    return ${i}`);
    else if (language === 'go') out.push(`${i === 0 ? 'if' : '} else if'} ${cond} {`, `\treturn ${i}`);
    else out.push(`${i === 0 ? 'if' : '} else if'} (${cond}) {`, `  return ${i};`);
  }
  if (language !== 'python') out.push('}');
  return out;
}

/** `n` import lines of distinct modules, in the language's syntax. */
export function imports(language: Tier1, n: number): string {
  const names = Array.from({ length: n }, (_, i) => `mod${i}`);
  switch (language) {
    case 'python':
      return lines(...names.map((m) => `import ${m}`), '');
    case 'java':
      return lines(...names.map((m) => `import com.example.${m}.Thing;`), 'class A {}');
    case 'go':
      return lines('package demo', '', 'import (', ...names.map((m) => `\t"example.com/${m}"`), ')', '');
    default:
      return lines(...names.map((m) => `import { x as ${m} } from './${m}.js';`));
  }
}

/** A class (Go: a type) with `n` methods. */
export function classWith(language: Tier1, n: number): string {
  const ms = Array.from({ length: n }, (_, i) => `m${i}`);
  switch (language) {
    case 'python':
      return lines('class Big:', ...ms.map((m) => `    def ${m}(self):\n        pass`), '');
    case 'java':
      return lines('class Big {', ...ms.map((m) => `  void ${m}() {}`), '}');
    case 'go':
      return lines(
        'package demo',
        '',
        'type Big struct{}',
        '',
        ...ms.map((m) => `func (b *Big) ${m}() {}`),
        '',
      );
    default:
      return lines('class Big {', ...ms.map((m) => `  ${m}() {}`), '}');
  }
}

/** Three nested loops over data. */
export function tripleLoop(l: Tier1): { code: string; line: number } {
  switch (l) {
    case 'python':
      return {
        code: lines(
          'def triples(xs, ys, zs):',
          '    for x in xs:',
          '        for y in ys:',
          '            for z in zs:',
          '                use(x, y, z)',
          '',
        ),
        line: 2,
      };
    case 'java':
      return {
        code: lines(
          'class T {',
          '  void triples(int[] xs, int[] ys, int[] zs) {',
          '    for (int x : xs) {',
          '      for (int i = 0; i < ys.length; i++) {',
          '        for (int z : zs) { use(x, ys[i], z); }',
          '      }',
          '    }',
          '  }',
          '}',
        ),
        line: 3,
      };
    case 'go':
      return {
        code: lines(
          'package m',
          'func Triples(xs, ys, zs []int) {',
          '\tfor _, x := range xs {',
          '\t\tfor _, y := range ys {',
          '\t\t\tfor _, z := range zs {',
          '\t\t\t\tuse(x, y, z)',
          '\t\t\t}',
          '\t\t}',
          '\t}',
          '}',
          '',
        ),
        line: 3,
      };
    default:
      return {
        code: lines(
          'function triples(xs, ys, zs) {',
          '  for (const x of xs) {',
          '    for (const y of ys) {',
          '      for (let k = 0; k < zs.length; k++) use(x, y, zs[k]);',
          '    }',
          '  }',
          '}',
        ),
        line: 2,
      };
  }
}

/** Two nested loops over data, `xs` then `ys`; and the outer loop's line. */
export function doubleLoop(l: Tier1): { code: string; line: number } {
  switch (l) {
    case 'python':
      return {
        code: lines(
          'def pairs(xs, ys):',
          '    for x in xs:',
          '        for y in ys:',
          '            use(x, y)',
          '',
        ),
        line: 2,
      };
    case 'java':
      return {
        code: lines(
          'class T {',
          '  void pairs(int[] xs, int[] ys) {',
          '    for (int x : xs) {',
          '      for (int y : ys) { use(x, y); }',
          '    }',
          '  }',
          '}',
        ),
        line: 3,
      };
    case 'go':
      return {
        code: lines(
          'package m',
          'func Pairs(xs, ys []int) {',
          '\tfor _, x := range xs {',
          '\t\tfor _, y := range ys {',
          '\t\t\tuse(x, y)',
          '\t\t}',
          '\t}',
          '}',
          '',
        ),
        line: 3,
      };
    default:
      return {
        code: lines(
          'function pairs(xs, ys) {',
          '  for (const x of xs) {',
          '    for (const y of ys) use(x, y);',
          '  }',
          '}',
        ),
        line: 2,
      };
  }
}
