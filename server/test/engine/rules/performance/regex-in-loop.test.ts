import { regexInLoop } from '../../../../src/engine/rules/performance/regex-in-loop.js';
import { ruleTester, type InvalidCase, type ValidCase } from '../../support/rule-tester.js';
import { lines } from '../../support/rule-snippets.js';

const invalid: InvalidCase[] = [
  {
    language: 'javascript',
    code: lines(
      'function f(lines) {',
      '  for (const l of lines) {',
      "    if (new RegExp('^#').test(l)) return l;",
      '  }',
      '}',
    ),
    errors: [
      {
        line: 3,
        messageId: 'regExpInLoop',
        says: /^`new RegExp\('\^#'\)` on line 3 builds a RegExp from the fixed pattern `'\^#'` on every iteration of the loop on line 2/,
      },
    ],
  },
  {
    language: 'typescript',
    code: lines('for (const w of words) {', "  const re = new RegExp('\\\\d+', 'i');", '  re.test(w);', '}'),
    errors: [{ line: 2, messageId: 'regExpInLoop' }],
  },
  {
    language: 'tsx',
    code: lines('while (next()) {', '  const ok = new RegExp("^a").test(cur);', '}'),
    errors: [{ line: 2, messageId: 'regExpInLoop' }],
  },
  {
    language: 'java',
    code: lines(
      'class A {',
      '  void f(List<String> xs) {',
      '    for (String x : xs) {',
      '      Pattern p = Pattern.compile("^a");',
      '    }',
      '  }',
      '}',
    ),
    errors: [
      {
        line: 4,
        messageId: 'patternInLoop',
        says: /compiles the fixed pattern `"\^a"`.*static final Pattern/,
      },
    ],
  },
  {
    language: 'java',
    code: lines(
      'class A {',
      '  int f(List<String> xs) {',
      '    int n = 0;',
      '    for (String x : xs) {',
      '      if (x.matches("\\\\d+")) n++;',
      '    }',
      '    return n;',
      '  }',
      '}',
    ),
    errors: [
      {
        line: 5,
        messageId: 'stringRegexInLoop',
        says: /compiles \(through String\.matches\).*pattern\.matcher\(…\)\.matches\(\)/,
      },
    ],
  },
  {
    language: 'go',
    code: lines(
      'package m',
      'import "regexp"',
      'func F(xs []string) {',
      '\tfor _, x := range xs {',
      '\t\tregexp.MustCompile("^a").MatchString(x)',
      '\t}',
      '}',
      '',
    ),
    errors: [{ line: 5, messageId: 'goCompileInLoop', says: /package-level variable/ }],
  },
  {
    language: 'java',
    code: lines(
      'class A {',
      '  List<String> f(List<String> xs) {',
      '    List<String> out = new ArrayList<>();',
      '    for (String x : xs) {',
      '      out.add(x.replaceAll("\\\\s+", " "));',
      '    }',
      '    return out;',
      '  }',
      '}',
    ),
    errors: [
      {
        line: 5,
        messageId: 'stringRegexInLoop',
        data: { method: 'replaceAll' },
        says: /compiles \(through String\.replaceAll\) the fixed pattern `"\\\\s\+"`.*pattern\.matcher\(…\)\.replaceAll\(…\) inside the loop/,
      },
    ],
  },
  {
    language: 'go',
    code: lines(
      'package m',
      'import "regexp"',
      'func F(xs []string) (n int) {',
      '\tfor _, x := range xs {',
      '\t\tif ok, _ := regexp.MatchString(`^\\d+$`, x); ok {',
      '\t\t\tn++',
      '\t\t}',
      '\t}',
      '\treturn n',
      '}',
      '',
    ),
    focused: true,
    why: 'regexp.MatchString, with performance in focus',
    errors: [
      {
        line: 5,
        messageId: 'goMatchInLoop',
        data: { callee: 'regexp.MatchString' },
        says: /compiles \(inside regexp\.MatchString\) the fixed pattern .*package-level variable/,
      },
    ],
  },
];

const valid: ValidCase[] = [
  {
    language: 'javascript',
    code: "const re = new RegExp('^#');\nfor (const l of lines) re.test(l);\nfor (const p of patterns) new RegExp(p);\nfor (const l of lines) new RegExp('a', 'g').exec(l);",
    why: 'hoisted; a varying pattern; a stateful g flag',
  },
  {
    language: 'java',
    code: 'class A { static final Pattern P = Pattern.compile("^a"); void f(List<String> xs, String re) { for (String x : xs) { x.matches(re); } } }',
    why: 'hoisted; a varying pattern',
  },
  {
    language: 'go',
    code: 'package m\nimport "regexp"\nvar re = regexp.MustCompile("^a")\nfunc F(xs []string) {\n\tfor _, x := range xs {\n\t\tre.MatchString(x)\n\t}\n}\n',
    why: 'compiled once',
  },
];

ruleTester(regexInLoop, { valid, invalid });
