/**
 * Modes and audiences in substance: learning questions come with the answer
 * the code gives, comparative mode is silent where no alternative applies,
 * an expert is not told "O(1): no loops" after every small function, and a
 * function without a doc comment is still said to produce what its code
 * shows it produces. Code written for these tests.
 */
import assert from 'node:assert/strict';
import { explainRequestSchema, type ExplainRequestInput, type LanguageId } from '@code-explain/shared';
import { createEngine } from '../../src/engine/engine.js';
import { ungrounded } from './support/grounded.js';

const engine = createEngine();
after(() => engine.dispose());

async function explain(language: LanguageId, code: string, extra: Partial<ExplainRequestInput> = {}) {
  const response = await engine.explain(explainRequestSchema.parse({ code, language, ...extra }));
  assert.deepEqual(ungrounded(response, code), [], 'every quote is the code’s own text');
  return response;
}

const section = (r: { sections: readonly { title: string; content: string }[] }, title: string) =>
  r.sections.find((s) => s.title === title)?.content ?? '';

const GRADE = `function grade(score) {
  switch (score) {
    case 10:
    case 9:
      return "A";
    case 8:
      return "B";
    default:
      return "C";
  }
}
function total(items) {
  let sum = 0;
  for (const it of items) sum += it.price;
  return sum;
}
`;

describe('engine: modes and audiences in substance', () => {
  it('learning: each question comes with the answer the code gives, with its lines', async () => {
    const text = section(
      await explain('javascript', GRADE, { mode: 'learning', audience: 'beginner' }),
      'Check your understanding',
    );
    assert.match(
      text,
      /1\. Which values of `score` reach the default arm in `grade\(score\)` \(line 2\)\?\n {3}Answer: Any value other than `10`, `9` or `8`\./,
    );
    assert.match(
      text,
      /Answer: Line 5 returns `"A"` when `score` is `10` or `9`, line 7 returns `"B"` when `score` is `8` and line 9 returns `"C"` when `score` is none of the listed values\./,
    );
    assert.match(
      text,
      /What does `total\(items\)` do when `items` is empty\?\n {3}Answer: The loop on line 14 does not run, and the code goes on to return `sum` \(line 15\)\./,
    );
  });

  it('comparative: no alternative applies, so nothing is offered and nothing is said about it', async () => {
    const text = section(
      await explain('javascript', GRADE, { mode: 'comparative' }),
      'Approach and alternatives',
    );
    assert.doesNotMatch(text, /None of the patterns/);
    assert.match(text, /^The code is organised as 2 functions without classes\.$/);
  });

  it('expert: no "O(1), it has no loops" after a unit without loops or recursion', async () => {
    const response = await explain('javascript', GRADE, { mode: 'detailed', audience: 'expert' });
    const text = [response.explanation, ...response.sections.map((s) => s.content)].join('\n\n');
    assert.doesNotMatch(text, /Cost: O\(1\)/);
    assert.match(text, /Cost: O\(n\)/);
  });

  it('without a doc comment, a class with a pair of inverse methods is said to convert both ways', async () => {
    const csharp = await explain(
      'csharp',
      'public static class Rot {\n  public static byte[] Pack(string text) {\n    var o = new byte[text.Length];\n    for (int i = 0; i < o.Length; i++) o[i] = (byte)(text[i] + 1);\n    return o;\n  }\n  public static string Unpack(byte[] data) {\n    var c = new char[data.Length];\n    for (int i = 0; i < c.Length; i++) c[i] = (char)(data[i] - 1);\n    return new string(c);\n  }\n  public static int Size(string text) {\n    return text.Length;\n  }\n}\n',
    );
    assert.match(
      csharp.explanation,
      /It converts between `string` and `byte\[\]`, both ways: `Pack` takes a `string` and returns a `byte\[\]` \(line 2\), and `Unpack` does the reverse \(line 7\)\./,
    );
    // Two methods that only share a type, with no pair taking each other's, say nothing of the kind.
    const ts = await explain(
      'typescript',
      'export class Names {\n  upper(s: string): string {\n    return s.toUpperCase();\n  }\n  count(s: string): number {\n    return s.length;\n  }\n}\n',
    );
    assert.doesNotMatch(ts.explanation, /both ways/);
  });

  it('without a doc comment, what a function creates or declares it returns is said', async () => {
    const java = await explain(
      'java',
      'class Parsers {\n  static Parser forText(String text, int limit) {\n    if (limit < 0) limit = 0;\n    return new Parser(text.trim(), limit);\n  }\n  java.util.Map<String, Integer> counts(java.util.List<String> words) {\n    var m = new java.util.HashMap<String, Integer>();\n    for (var w : words) m.merge(w, 1, Integer::sum);\n    return m;\n  }\n}\n',
    );
    assert.match(java.explanation, /It creates and returns a new `Parser` \(line 4\)\./);
    assert.match(
      java.explanation,
      /Its signature declares that it returns `java\.util\.Map<String, Integer>` \(line 6\)\./,
    );
    const go = await explain(
      'go',
      'package cfg\n\nfunc Load(path string) (*Config, error) {\n\tdata, err := read(path)\n\tif err != nil {\n\t\treturn nil, err\n\t}\n\treturn &Config{raw: data}, nil\n}\n',
    );
    // What each return gives says more than the declared type, which then only echoes the signature.
    assert.match(
      go.explanation,
      /returns `nil, err` when `err` is not `nil` \(line 6\) and `&Config\{raw: data\}, nil` otherwise \(line 8\)/,
    );
    assert.doesNotMatch(go.explanation, /Its signature declares/);
  });
});
