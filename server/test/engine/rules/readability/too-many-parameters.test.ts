import { tooManyParameters } from '../../../../src/engine/rules/readability/too-many-parameters.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { call, fn, TIER1 } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = TIER1.flatMap((language): InvalidCase[] => {
  const six = fn(language, 'many', ['a', 'b', 'c', 'd', 'e', 'f'], [call(language, 'g')]);
  const five = fn(language, 'five', ['a', 'b', 'c', 'd', 'e'], [call(language, 'g')]);
  return [
    {
      language,
      code: six.code,
      errors: [
        {
          line: six.line,
          messageId: 'tooMany',
          data: { count: 6, max: 5 },
          says: /^`(Holder\.)?many` takes 6 parameters \(a, b, c, d, e, f\)/,
        },
      ],
    },
    {
      language,
      code: five.code,
      focused: true,
      why: 'five parameters, with readability in focus (at most 4)',
      errors: [
        {
          line: five.line,
          messageId: 'tooMany',
          data: { count: 5, max: 4 },
          says: /takes 5 parameters \(a, b, c, d, e\), more than 4/,
        },
      ],
    },
  ];
});

const valid: ValidCase[] = [
  {
    language: 'python',
    code: 'def make_key(args, kwds, typed, kwd_mark=(object(),), fasttypes={int, str}, tuple=tuple, type=type):\n    return args\n',
    why: 'three parameters every call supplies; the rest have defaults',
  },
  {
    language: 'javascript',
    code: 'function open(path, mode, a = 1, b = 2, c = 3, d = 4) {\n  return [path, mode, a, b, c, d];\n}\n',
    why: 'two parameters every call supplies; the rest have defaults',
  },
  ...TIER1.map((language) => ({
    language,
    code: fn(language, 'few', ['a', 'b', 'c', 'd', 'e'], [call(language, 'g')]).code,
    why: 'five parameters',
  })),
  ...TIER1.map((language) => ({
    language,
    code: fn(language, 'few', ['a', 'b', 'c', 'd'], [call(language, 'g')]).code,
    focused: true,
    why: 'four parameters, with readability in focus',
  })),
  {
    language: 'python',
    code: 'class A:\n    def f(self, a, b, c, d, e, *rest, **options):\n        pass\n',
    why: 'self and variadic parameters',
  },
  {
    language: 'javascript',
    code: 'function f(a, b, c, d, e, ...rest) {}',
    why: 'a rest parameter',
  },
  {
    language: 'go',
    code: 'package m\nfunc F(a, b, c, d, e int, rest ...int) {}\n',
    why: 'a variadic parameter',
  },
];

ruleTester(tooManyParameters, { valid, invalid });
