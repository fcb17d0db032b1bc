import { duplicatedString } from '../../../../src/engine/rules/maintainability/duplicated-string.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { TIER1, type Tier1 } from '../../support/rule-snippets.js';

const DUPLICATE: Record<Tier1, { code: string; line: number; lines: string }> = {
  javascript: {
    code: 'log("invalid input");\nfail("invalid input");\nthrow new Error("invalid input");',
    line: 1,
    lines: '1, 2 and 3',
  },
  typescript: {
    code: "const a = 'connection lost';\nconst b = 'connection lost';\nconst c = `connection lost`;",
    line: 1,
    lines: '1, 2 and 3',
  },
  tsx: {
    code: 'const A = () => <p title="Loading data…">{"Loading data…"}</p>;\nalert("Loading data…");',
    line: 1,
    lines: '1 and 2',
  },
  python: {
    code: 'a = "user not found"\nb = "user not found"\nraise KeyError("user not found")\n',
    line: 1,
    lines: '1, 2 and 3',
  },
  java: {
    code: 'class A {\n  String a = "user not found";\n  String b = "user not found";\n  String c = "user not found";\n}',
    line: 2,
    lines: '2, 3 and 4',
  },
  go: {
    code: 'package m\nvar a = "user not found"\nvar b = "user not found"\nvar c = `user not found`\n',
    line: 2,
    lines: '2, 3 and 4',
  },
};

const invalid: InvalidCase[] = TIER1.map((language) => ({
  language,
  code: DUPLICATE[language].code,
  errors: [
    {
      line: DUPLICATE[language].line,
      messageId: 'duplicated',
      data: { count: 3 },
      says: new RegExp(`^The string \`"[^"]+"\` is written 3 times \\(lines ${DUPLICATE[language].lines}\\)`),
    },
  ],
}));

const valid: ValidCase[] = [
  {
    language: 'javascript',
    code: "import a from './some/long/module.js';\nimport b from './some/long/module.js';\nexport { c } from './some/long/module.js';\nlog('short');\nlog('short');\nlog('short');\nwarn('seen only twice here');\nwarn('seen only twice here');",
    why: 'import paths, short strings, two copies',
  },
  {
    language: 'python',
    code: 'def a():\n    """Does the thing."""\ndef b():\n    """Does the thing."""\ndef c():\n    """Does the thing."""\nx = {"created_at": 1}\ny = {"created_at": 2}\nz = {"created_at": 3}\n',
    why: 'docstrings and dictionary keys',
  },
  {
    language: 'go',
    code: 'package m\nimport "example.com/some/module"\nfunc a() { module.A() }\n',
    why: 'an import path',
  },
];

ruleTester(duplicatedString, { valid, invalid });
