import assert from 'node:assert/strict';
import {
  AUDIENCES,
  FOCUS_AREAS,
  LANGUAGES,
  MAX_CODE_CHARACTERS,
  MODES,
  countCharacters,
  errorDetailsFromZod,
  explainRequestSchema,
} from '../src/index.js';
import { parseFails, parseOk, show, zodErrorOf } from './support.js';

// Messages are spelled out here, not rebuilt from the constants, so a change in
// either the vocabulary or the wording makes a test fail.
const MODE_MESSAGE =
  'mode must be one of: quick, standard, detailed, learning, performance, security, comparative';
const AUDIENCE_MESSAGE = 'audience must be one of: beginner, intermediate, advanced, expert';
const FOCUS_AREA_MESSAGE =
  'focus areas must be among: readability, performance, security, best_practices, architecture, ' +
  'testing, documentation, scalability, maintainability';
const SUPPORTED_LANGUAGES =
  'javascript, typescript, tsx, python, java, go, c, cpp, csharp, rust, php, ruby, kotlin, swift, bash';
const unsupported = (name: string) => `unsupported language "${name}"; supported: ${SUPPORTED_LANGUAGES}`;

/** A request with only `code`, plus the field under test. */
const withField = (field: string, value: unknown) => ({ code: 'let x = 1;', [field]: value });

describe('explainRequestSchema', () => {
  describe('a minimal request', () => {
    it('needs only code and fills in every default', () => {
      assert.deepEqual(parseOk(explainRequestSchema, { code: 'let x = 1;' }), {
        code: 'let x = 1;',
        mode: 'standard',
        language: 'javascript',
        audience: 'intermediate',
        focus: [],
      });
    });

    it('applies defaults to fields given as undefined', () => {
      const parsed = parseOk(explainRequestSchema, {
        code: 'x',
        mode: undefined,
        language: undefined,
        audience: undefined,
        focus: undefined,
      });
      assert.deepEqual(parsed, {
        code: 'x',
        mode: 'standard',
        language: 'javascript',
        audience: 'intermediate',
        focus: [],
      });
    });

    it('keeps every explicit field, with the language made canonical', () => {
      const parsed = parseOk(explainRequestSchema, {
        code: 'def f():\n    return 1\n',
        mode: 'security',
        language: ' Py ',
        audience: 'expert',
        focus: ['security', 'testing'],
      });
      assert.deepEqual(parsed, {
        code: 'def f():\n    return 1\n',
        mode: 'security',
        language: 'python',
        audience: 'expert',
        focus: ['security', 'testing'],
      });
    });

    it('reports every problem of a bad request at once, each at its own path', () => {
      const issues = parseFails(explainRequestSchema, {
        code: '',
        mode: 'fast',
        language: 'cobol',
        audience: 'novice',
        focus: ['speed'],
        extra: true,
      });
      assert.deepEqual(
        issues.map((i) => i.path.join('.')),
        ['code', 'mode', 'language', 'audience', 'focus.0', ''],
      );
    });
  });

  describe('code', () => {
    const accepted: [label: string, code: string][] = [
      ['a single character', 'x'],
      ['a statement', 'let x = 1;'],
      ['several lines', 'function f() {\n  return 1;\n}\n'],
      ['surrounding white space (kept as is)', '\n\n  return 1;  \n'],
      ['non-ASCII text', 'const café = "naïve ☕";'],
      ['one emoji', '😀'],
    ];
    for (const [label, code] of accepted) {
      it(`accepts ${label}, unchanged`, () => {
        assert.equal(parseOk(explainRequestSchema, { code }).code, code);
      });
    }

    it('is capped at 100,000 characters', () => {
      assert.equal(MAX_CODE_CHARACTERS, 100_000);
    });

    it('accepts exactly 100,000 ASCII characters', () => {
      const code = 'a'.repeat(100_000);
      assert.equal(parseOk(explainRequestSchema, { code }).code.length, 100_000);
    });

    it('refuses 100,001 ASCII characters', () => {
      assert.deepEqual(parseFails(explainRequestSchema, { code: 'a'.repeat(100_001) }), [
        { path: ['code'], message: 'code must be at most 100,000 characters' },
      ]);
    });

    it('counts code points: 100,000 emoji are accepted though their JS length is 200,000', () => {
      const code = '😀'.repeat(100_000);
      assert.equal(code.length, 200_000);
      assert.equal(parseOk(explainRequestSchema, { code }).code, code);
    });

    it('accepts 99,999 emoji plus one ASCII character (100,000 code points)', () => {
      const code = '😀'.repeat(99_999) + 'a';
      assert.equal(parseOk(explainRequestSchema, { code }).code, code);
    });

    it('refuses 100,000 emoji plus one ASCII character (100,001 code points)', () => {
      assert.deepEqual(parseFails(explainRequestSchema, { code: '😀'.repeat(100_000) + 'a' }), [
        { path: ['code'], message: 'code must be at most 100,000 characters' },
      ]);
    });

    it('counts an unpaired surrogate as one character (100,001 of them are refused)', () => {
      assert.deepEqual(parseFails(explainRequestSchema, { code: '\ud83d'.repeat(100_001) }), [
        { path: ['code'], message: 'code must be at most 100,000 characters' },
      ]);
    });

    const blank: [label: string, code: string][] = [
      ['an empty string', ''],
      ['a single space', ' '],
      ['spaces, tabs and newlines', ' \t\n\r\n  '],
      ['no-break and other Unicode spaces', '\u00a0\u2003\u3000'],
    ];
    for (const [label, code] of blank) {
      it(`refuses ${label} with one issue`, () => {
        assert.deepEqual(parseFails(explainRequestSchema, { code }), [
          { path: ['code'], message: 'code must not be empty or only white space' },
        ]);
      });
    }

    it('refuses white space beyond the length limit with only the empty-code issue', () => {
      assert.deepEqual(parseFails(explainRequestSchema, { code: ' '.repeat(100_001) }), [
        { path: ['code'], message: 'code must not be empty or only white space' },
      ]);
    });

    it('is required', () => {
      assert.deepEqual(parseFails(explainRequestSchema, {}), [
        { path: ['code'], message: 'code is required' },
      ]);
      assert.deepEqual(parseFails(explainRequestSchema, { code: undefined, mode: 'quick' }), [
        { path: ['code'], message: 'code is required' },
      ]);
    });

    for (const value of [42, 0, null, true, ['let x = 1;'], { text: 'let x = 1;' }]) {
      it(`refuses a non-string: ${show(value)}`, () => {
        assert.deepEqual(parseFails(explainRequestSchema, { code: value }), [
          { path: ['code'], message: 'code must be a string' },
        ]);
      });
    }
  });

  describe('mode', () => {
    for (const mode of MODES) {
      it(`accepts "${mode}"`, () => {
        assert.equal(parseOk(explainRequestSchema, withField('mode', mode)).mode, mode);
      });
    }

    it('offers exactly the seven modes', () => {
      assert.deepEqual(
        [...MODES],
        ['quick', 'standard', 'detailed', 'learning', 'performance', 'security', 'comparative'],
      );
    });

    it('defaults to "standard"', () => {
      assert.equal(parseOk(explainRequestSchema, { code: 'x' }).mode, 'standard');
    });

    const refused: unknown[] = ['Quick', 'QUICK', ' quick', 'fast', '', 1, 0, null, true, ['quick'], {}];
    for (const value of refused) {
      it(`refuses ${show(value)}`, () => {
        assert.deepEqual(parseFails(explainRequestSchema, withField('mode', value)), [
          { path: ['mode'], message: MODE_MESSAGE },
        ]);
      });
    }
  });

  describe('language', () => {
    it('defaults to "javascript"', () => {
      assert.equal(parseOk(explainRequestSchema, { code: 'x' }).language, 'javascript');
    });

    const aliases: [given: string, canonical: string][] = [
      ['js', 'javascript'],
      ['jsx', 'javascript'],
      ['node', 'javascript'],
      ['ts', 'typescript'],
      ['typescriptreact', 'tsx'],
      ['py', 'python'],
      ['python3', 'python'],
      ['c++', 'cpp'],
      ['cs', 'csharp'],
      ['c#', 'csharp'],
      ['golang', 'go'],
      ['rs', 'rust'],
      ['rb', 'ruby'],
      ['kt', 'kotlin'],
      ['sh', 'bash'],
      ['JS', 'javascript'],
      ['TypeScript', 'typescript'],
      ['C++', 'cpp'],
      ['C#', 'csharp'],
      ['GoLang', 'go'],
      ['  python  ', 'python'],
      ['\tTS\n', 'typescript'],
    ];
    for (const [given, canonical] of aliases) {
      it(`resolves ${show(given)} to "${canonical}"`, () => {
        assert.equal(parseOk(explainRequestSchema, withField('language', given)).language, canonical);
      });
    }

    it('resolves every id and alias in the registry, in any case and with surrounding spaces', () => {
      let checked = 0;
      for (const lang of LANGUAGES) {
        for (const name of [lang.id, ...lang.aliases]) {
          for (const spelling of [name, name.toUpperCase(), ` ${name} `, `\t${name.toUpperCase()}\n`]) {
            const parsed = parseOk(explainRequestSchema, withField('language', spelling));
            assert.equal(parsed.language, lang.id, `language ${show(spelling)}`);
            checked++;
          }
        }
      }
      assert.ok(checked >= 4 * 15, `checked only ${checked} spellings`);
    });

    const unknown = [
      'cobol',
      'java script',
      'objective-c',
      '.js',
      'javascript!',
      'toString',
      '__proto__',
      '',
    ];
    for (const name of unknown) {
      it(`refuses unknown language ${show(name)}, listing the supported ids`, () => {
        assert.deepEqual(parseFails(explainRequestSchema, withField('language', name)), [
          { path: ['language'], message: unsupported(name) },
        ]);
      });
    }

    it('quotes an unknown name of 40 characters whole', () => {
      const name = 'z'.repeat(40);
      assert.deepEqual(parseFails(explainRequestSchema, withField('language', name)), [
        { path: ['language'], message: unsupported(name) },
      ]);
    });

    it('refuses a name longer than 40 characters before looking it up, quoting none of it', () => {
      const name = 'z'.repeat(41) + 'TAIL';
      assert.deepEqual(parseFails(explainRequestSchema, withField('language', name)), [
        { path: ['language'], message: 'language must be at most 40 characters' },
      ]);
    });

    for (const value of [5, null, true, ['js'], { id: 'js' }]) {
      it(`refuses a non-string: ${show(value)}`, () => {
        assert.deepEqual(parseFails(explainRequestSchema, withField('language', value)), [
          { path: ['language'], message: 'language must be a string' },
        ]);
      });
    }
  });

  describe('audience', () => {
    for (const audience of AUDIENCES) {
      it(`accepts "${audience}"`, () => {
        assert.equal(parseOk(explainRequestSchema, withField('audience', audience)).audience, audience);
      });
    }

    it('offers exactly the four audiences', () => {
      assert.deepEqual([...AUDIENCES], ['beginner', 'intermediate', 'advanced', 'expert']);
    });

    it('defaults to "intermediate"', () => {
      assert.equal(parseOk(explainRequestSchema, { code: 'x' }).audience, 'intermediate');
    });

    const refused: unknown[] = [
      'Beginner',
      'EXPERT',
      'novice',
      'intermediate ',
      '',
      2,
      null,
      false,
      ['expert'],
    ];
    for (const value of refused) {
      it(`refuses ${show(value)}`, () => {
        assert.deepEqual(parseFails(explainRequestSchema, withField('audience', value)), [
          { path: ['audience'], message: AUDIENCE_MESSAGE },
        ]);
      });
    }
  });

  describe('focus', () => {
    for (const area of FOCUS_AREAS) {
      it(`accepts "${area}"`, () => {
        assert.deepEqual(parseOk(explainRequestSchema, withField('focus', [area])).focus, [area]);
      });
    }

    it('offers exactly the nine focus areas', () => {
      assert.deepEqual(
        [...FOCUS_AREAS],
        [
          'readability',
          'performance',
          'security',
          'best_practices',
          'architecture',
          'testing',
          'documentation',
          'scalability',
          'maintainability',
        ],
      );
    });

    it('accepts all nine areas together, in the order given', () => {
      const reversed = [...FOCUS_AREAS].reverse();
      assert.deepEqual(parseOk(explainRequestSchema, withField('focus', reversed)).focus, reversed);
    });

    it('defaults to an empty list', () => {
      assert.deepEqual(parseOk(explainRequestSchema, { code: 'x' }).focus, []);
    });

    it('gives each request its own default list', () => {
      const first = parseOk(explainRequestSchema, { code: 'x' });
      first.focus.push('security');
      assert.deepEqual(parseOk(explainRequestSchema, { code: 'x' }).focus, []);
    });

    it('accepts an explicit empty list', () => {
      assert.deepEqual(parseOk(explainRequestSchema, withField('focus', [])).focus, []);
    });

    const duplicates: [given: string[], expected: string[]][] = [
      [['security', 'security'], ['security']],
      [
        ['testing', 'security', 'testing', 'readability', 'security'],
        ['testing', 'security', 'readability'],
      ],
      [
        ['performance', 'readability', 'readability', 'performance', 'architecture'],
        ['performance', 'readability', 'architecture'],
      ],
    ];
    for (const [given, expected] of duplicates) {
      it(`collapses duplicates, keeping first-mention order: ${show(given)}`, () => {
        assert.deepEqual(parseOk(explainRequestSchema, withField('focus', given)).focus, expected);
      });
    }

    it('accepts nine entries, duplicates among them', () => {
      const nine = [...Array<string>(8).fill('security'), 'testing'];
      assert.deepEqual(parseOk(explainRequestSchema, withField('focus', nine)).focus, [
        'security',
        'testing',
      ]);
    });

    it('refuses more than nine entries as one problem, whatever they hold', () => {
      for (const focus of [Array(10).fill('security'), Array(520_000).fill(0)]) {
        assert.deepEqual(parseFails(explainRequestSchema, withField('focus', focus)), [
          { path: ['focus'], message: 'focus must list at most 9 areas' },
        ]);
      }
    });

    it('refuses an unknown area, naming its index', () => {
      assert.deepEqual(
        parseFails(explainRequestSchema, withField('focus', ['readability', 'security', 'speed'])),
        [{ path: ['focus', 2], message: FOCUS_AREA_MESSAGE }],
      );
    });

    it('refuses a focus area in the wrong case', () => {
      assert.deepEqual(parseFails(explainRequestSchema, withField('focus', ['Security'])), [
        { path: ['focus', 0], message: FOCUS_AREA_MESSAGE },
      ]);
    });

    it('reports each bad entry separately', () => {
      assert.deepEqual(parseFails(explainRequestSchema, withField('focus', ['speed', 'security', 'style'])), [
        { path: ['focus', 0], message: FOCUS_AREA_MESSAGE },
        { path: ['focus', 2], message: FOCUS_AREA_MESSAGE },
      ]);
    });

    for (const value of ['security', 'security,testing', {}, { 0: 'security' }, null, 3, true]) {
      it(`refuses a non-array: ${show(value)}`, () => {
        assert.deepEqual(parseFails(explainRequestSchema, withField('focus', value)), [
          { path: ['focus'], message: 'focus must be an array of focus areas' },
        ]);
      });
    }

    const nonStringEntries: [entries: unknown[], badIndex: number][] = [
      [[3], 0],
      [['security', null], 1],
      [['security', true], 1],
      [[['security']], 0],
      [['testing', { area: 'security' }], 1],
    ];
    for (const [entries, badIndex] of nonStringEntries) {
      it(`refuses an array with a non-string entry: ${show(entries)}`, () => {
        assert.deepEqual(parseFails(explainRequestSchema, withField('focus', entries)), [
          { path: ['focus', badIndex], message: FOCUS_AREA_MESSAGE },
        ]);
      });
    }
  });

  describe('unknown fields', () => {
    it('refuses an unknown top-level field', () => {
      const error = zodErrorOf(explainRequestSchema, { code: 'x', model: 'gpt' });
      assert.equal(error.issues.length, 1);
      assert.equal(error.issues[0]?.code, 'unrecognized_keys');
      assert.deepEqual(errorDetailsFromZod(error), [{ path: 'model', message: 'unknown field' }]);
    });

    it('gives one detail per unknown field, in the order sent', () => {
      const error = zodErrorOf(explainRequestSchema, { code: 'x', foo: 1, mode: 'quick', bar: null });
      assert.deepEqual(errorDetailsFromZod(error), [
        { path: 'foo', message: 'unknown field' },
        { path: 'bar', message: 'unknown field' },
      ]);
    });

    it('treats a wrongly cased field name as unknown (and the real one as missing)', () => {
      const error = zodErrorOf(explainRequestSchema, { Code: 'x' });
      assert.deepEqual(errorDetailsFromZod(error), [
        { path: 'code', message: 'code is required' },
        { path: 'Code', message: 'unknown field' },
      ]);
    });

    for (const key of ['__proto__', 'constructor']) {
      it(`refuses a "${key}" field from a JSON body`, () => {
        const body: unknown = JSON.parse(`{"code": "x", "${key}": {"mode": "quick"}}`);
        assert.deepEqual(errorDetailsFromZod(zodErrorOf(explainRequestSchema, body)), [
          { path: key, message: 'unknown field' },
        ]);
      });
    }
  });

  describe('a body that is not an object', () => {
    for (const body of [null, undefined, [], [{ code: 'x' }], 'let x = 1;', '', 42, true]) {
      it(`refuses ${show(body)}`, () => {
        assert.deepEqual(parseFails(explainRequestSchema, body), [
          { path: [], message: 'request body must be a JSON object' },
        ]);
      });
    }
  });
});

describe('countCharacters', () => {
  const cases: [text: string, expected: number][] = [
    ['', 0],
    ['a', 1],
    ['abc', 3],
    ['😀', 1],
    ['a😀b', 3],
    ['😀😀😀', 3],
    ['👍🏽', 2], // a base emoji and a skin-tone modifier: two code points
    ['e\u0301', 2], // a combining accent is its own code point
    ['\ud83d', 1], // an unpaired high surrogate
    ['\ude00\ud83d', 2], // low then high: not a pair
    ['x\ud83d', 2], // a high surrogate at the very end
  ];
  for (const [text, expected] of cases) {
    it(`counts ${show(text)} as ${expected}`, () => {
      assert.equal(countCharacters(text), expected);
    });
  }

  it('matches the code-point count of a long mixed string', () => {
    const text = 'ab😀\n'.repeat(1000) + '\ud83d';
    assert.equal(countCharacters(text), [...text].length);
    assert.equal(countCharacters(text), 4001);
  });
});
