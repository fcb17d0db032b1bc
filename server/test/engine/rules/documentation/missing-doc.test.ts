import { missingDoc } from '../../../../src/engine/rules/documentation/missing-doc.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';

const invalid: InvalidCase[] = [
  {
    language: 'javascript',
    code: 'export function area(w, h) {\n  return w * h;\n}',
    errors: [
      {
        line: 1,
        messageId: 'noDocComment',
        says: /^`area` is exported but has no JSDoc comment \(`\/\*\* … \*\/`\) directly above it/,
      },
    ],
  },
  {
    language: 'typescript',
    code: '// computes the area\nexport const area = (w: number, h: number) => w * h;',
    errors: [
      {
        line: 2,
        messageId: 'noDocComment',
        says: /`area` is exported but has no JSDoc comment .*\(the comment there is not a doc comment\)/,
      },
    ],
  },
  {
    language: 'tsx',
    code: 'export class Panel {}',
    errors: [{ line: 1, messageId: 'noDocComment', says: /`Panel` is exported .*what the class represents/ }],
  },
  {
    language: 'python',
    code: 'def area(w, h):\n    return w * h\n',
    errors: [
      {
        line: 1,
        messageId: 'noDocstring',
        says: /^`area` is a public module-level function without a docstring/,
      },
    ],
  },
  {
    language: 'go',
    code: 'package m\n\nfunc Area(w, h int) int { return w * h }\n',
    errors: [
      { line: 3, messageId: 'noGoDoc', says: /^`Area` is exported but has no doc comment; .*`\/\/ Area …`/ },
    ],
  },
  {
    language: 'go',
    code: 'package m\n\n// returns the area\nfunc Area(w, h int) int { return w * h }\n',
    errors: [
      {
        line: 4,
        messageId: 'goDocWithoutName',
        says: /`Area` is exported, but its comment begins `returns the area` rather than with its name/,
      },
    ],
  },
  {
    language: 'java',
    code: 'public class Shapes {\n  /** Area. */\n  public int area(int w, int h) { return w * h; }\n}',
    errors: [{ line: 1, messageId: 'noDocComment', says: /^`Shapes` is public but has no Javadoc comment/ }],
  },
];

const valid: ValidCase[] = [
  {
    language: 'go',
    code: 'package m\n\ntype server struct{}\n\nfunc (s *server) Handle() {}\n',
    why: 'an exported method of an unexported type',
  },
  {
    language: 'java',
    code: 'class Helper {\n  public int area(int w, int h) { return w * h; }\n}',
    why: 'a public method of a class that is not public',
  },
  {
    language: 'javascript',
    code: '/** Area of a rectangle. */\nexport function area(w, h) {\n  return w * h;\n}\nfunction helper() {}',
    why: 'documented; not exported',
  },
  {
    language: 'python',
    code: 'def area(w, h):\n    """Area of a rectangle."""\n    return w * h\n\ndef _helper():\n    pass\n',
    why: 'a docstring; private',
  },
  {
    language: 'go',
    code: 'package m\n\n// Area returns w times h,\n// both in metres.\nfunc Area(w, h int) int { return w * h }\n\nfunc helper() {}\n',
    why: 'a two-line comment that starts with the name; unexported',
  },
  {
    language: 'java',
    code: '/** Shapes. */\npublic class Shapes {\n  @Override\n  public String toString() { return "s"; }\n  int area() { return 1; }\n}',
    why: 'documented; an override; not public',
  },
];

ruleTester(missingDoc, { valid, invalid });
