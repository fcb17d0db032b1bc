import assert from 'node:assert/strict';
import {
  FOCUS_AREAS,
  SEVERITIES,
  complexitySchema,
  explainResponseSchema,
  savedExplanationSchema,
  suggestionSchema,
  unitSchema,
} from '../src/index.js';
import { parseFails, parseOk, show, without } from './support.js';

const minimalResponse = () => ({
  explanation: 'Adds one to x.',
  sections: [],
  suggestions: [],
  metadata: { tokens: 5, complexity: { cognitive: 0, cyclomatic: 1, halstead: 11.6 } },
});

const fullResponse = () => ({
  id: '6650c0ffee0000000000beef',
  createdAt: '2025-05-01T12:34:56.789Z',
  explanation: 'Defines f, which returns one.',
  sections: [
    { title: 'Overview', content: 'A function.' },
    { title: 'Walkthrough', content: 'Line 1 declares f.' },
  ],
  suggestions: [
    {
      type: 'documentation',
      description: 'Add a doc comment to f.',
      severity: 'low',
      line: 1,
      rule: 'doc/missing-jsdoc',
    },
    { type: 'security', description: 'Avoid eval.' },
  ],
  metadata: {
    tokens: 12,
    complexity: { cognitive: 2, cyclomatic: 3, halstead: 40.5 },
    units: [
      {
        name: 'f',
        kind: 'function',
        startLine: 1,
        endLine: 3,
        complexity: { cognitive: 2, cyclomatic: 3, halstead: 40.5 },
      },
    ],
  },
});

const savedExplanation = () => ({
  id: 'abc123',
  createdAt: '2025-05-01T12:34:56Z',
  language: 'typescript',
  mode: 'detailed',
  audience: 'beginner',
  focus: ['readability', 'testing'],
  code: 'const x: number = 1;',
  explanation: 'Declares x.',
  sections: [{ title: 'Overview', content: 'One constant.' }],
  suggestions: [{ type: 'readability', description: 'Name x better.', severity: 'info' }],
  metadata: { tokens: 7, complexity: { cognitive: 0, cyclomatic: 1, halstead: 8 } },
});

describe('explainResponseSchema', () => {
  it('accepts a minimal response, unchanged', () => {
    assert.deepEqual(parseOk(explainResponseSchema, minimalResponse()), minimalResponse());
  });

  it('keeps the optional fields: id, createdAt, metadata.units and suggestion severity/line/rule', () => {
    const parsed = parseOk(explainResponseSchema, fullResponse());
    assert.deepEqual(parsed, fullResponse());
    assert.equal(parsed.id, '6650c0ffee0000000000beef');
    assert.equal(parsed.createdAt, '2025-05-01T12:34:56.789Z');
    assert.equal(parsed.metadata.units?.[0]?.name, 'f');
    assert.equal(parsed.suggestions[0]?.severity, 'low');
    assert.equal(parsed.suggestions[0]?.line, 1);
    assert.equal(parsed.suggestions[0]?.rule, 'doc/missing-jsdoc');
  });

  it('keeps fields it does not know, at every level', () => {
    const future = {
      ...minimalResponse(),
      model: 'engine-2',
      sections: [{ title: 'T', content: 'C', level: 2 }],
      suggestions: [{ type: 'testing', description: 'Add a test.', fix: { insert: 'it()' } }],
      metadata: {
        tokens: 1,
        engineVersion: '2.0.0',
        complexity: { cognitive: 0, cyclomatic: 1, halstead: 0, maintainability: 98.2 },
        units: [
          {
            name: 'main',
            kind: 'function',
            startLine: 1,
            endLine: 1,
            params: 0,
            complexity: { cognitive: 0, cyclomatic: 1, halstead: 0 },
          },
        ],
      },
    };
    assert.deepEqual(parseOk(explainResponseSchema, future), future);
  });

  for (const field of ['explanation', 'sections', 'suggestions', 'metadata'] as const) {
    it(`requires ${field}`, () => {
      const response = without(minimalResponse(), field);
      assert.deepEqual(
        parseFails(explainResponseSchema, response).map((i) => i.path),
        [[field]],
      );
    });
  }

  it('requires tokens and complexity in metadata', () => {
    const issues = parseFails(explainResponseSchema, { ...minimalResponse(), metadata: {} });
    assert.deepEqual(
      issues.map((i) => i.path),
      [
        ['metadata', 'tokens'],
        ['metadata', 'complexity'],
      ],
    );
  });

  it('refuses a section without a title or content', () => {
    const issues = parseFails(explainResponseSchema, { ...minimalResponse(), sections: [{}] });
    assert.deepEqual(
      issues.map((i) => i.path),
      [
        ['sections', 0, 'title'],
        ['sections', 0, 'content'],
      ],
    );
  });

  const badTimes = ['2025-05-01', 'yesterday', '2025-05-01 12:34:56Z', '2025-13-01T00:00:00Z', ''];
  for (const createdAt of badTimes) {
    it(`refuses createdAt ${show(createdAt)}`, () => {
      assert.deepEqual(
        parseFails(explainResponseSchema, { ...minimalResponse(), createdAt }).map((i) => i.path),
        [['createdAt']],
      );
    });
  }

  it('refuses a non-string id', () => {
    assert.deepEqual(
      parseFails(explainResponseSchema, { ...minimalResponse(), id: 42 }).map((i) => i.path),
      [['id']],
    );
  });

  for (const body of [null, [], 'explanation', 1]) {
    it(`refuses ${show(body)} as a response`, () => {
      assert.deepEqual(
        parseFails(explainResponseSchema, body).map((i) => i.path),
        [[]],
      );
    });
  }
});

describe('suggestionSchema', () => {
  for (const type of FOCUS_AREAS) {
    it(`accepts type "${type}"`, () => {
      assert.equal(parseOk(suggestionSchema, { type, description: 'd' }).type, type);
    });
  }

  for (const type of ['style', 'bug', 'Security', 'best-practices', '', 3, null]) {
    it(`refuses type ${show(type)}`, () => {
      assert.deepEqual(
        parseFails(suggestionSchema, { type, description: 'd' }).map((i) => i.path),
        [['type']],
      );
    });
  }

  it('is checked inside a response, at its index', () => {
    const response = {
      ...minimalResponse(),
      suggestions: [
        { type: 'security', description: 'ok' },
        { type: 'style', description: 'bad' },
      ],
    };
    assert.deepEqual(
      parseFails(explainResponseSchema, response).map((i) => i.path),
      [['suggestions', 1, 'type']],
    );
  });

  it('requires a description', () => {
    assert.deepEqual(
      parseFails(suggestionSchema, { type: 'security' }).map((i) => i.path),
      [['description']],
    );
  });

  it('has the five severities', () => {
    assert.deepEqual([...SEVERITIES], ['info', 'low', 'medium', 'high', 'critical']);
  });

  for (const severity of SEVERITIES) {
    it(`accepts severity "${severity}"`, () => {
      assert.equal(
        parseOk(suggestionSchema, { type: 'security', description: 'd', severity }).severity,
        severity,
      );
    });
  }

  for (const severity of ['urgent', 'High', '', 3, null]) {
    it(`refuses severity ${show(severity)}`, () => {
      assert.deepEqual(
        parseFails(suggestionSchema, { type: 'security', description: 'd', severity }).map((i) => i.path),
        [['severity']],
      );
    });
  }

  for (const line of [1, 2, 10_000]) {
    it(`accepts line ${line}`, () => {
      assert.equal(parseOk(suggestionSchema, { type: 'testing', description: 'd', line }).line, line);
    });
  }

  for (const line of [0, -1, 1.5, '3', null]) {
    it(`refuses line ${show(line)}`, () => {
      assert.deepEqual(
        parseFails(suggestionSchema, { type: 'testing', description: 'd', line }).map((i) => i.path),
        [['line']],
      );
    });
  }

  it('refuses a non-string rule', () => {
    assert.deepEqual(
      parseFails(suggestionSchema, { type: 'testing', description: 'd', rule: 7 }).map((i) => i.path),
      [['rule']],
    );
  });
});

describe('complexitySchema and the counts in metadata', () => {
  it('accepts zero counts and a fractional Halstead volume', () => {
    const complexity = { cognitive: 0, cyclomatic: 0, halstead: 0.5 };
    assert.deepEqual(parseOk(complexitySchema, complexity), complexity);
  });

  const badCounts: unknown[] = [-1, 1.5, -0.5, NaN, Infinity, '1', null];
  for (const field of ['cognitive', 'cyclomatic'] as const) {
    for (const value of badCounts) {
      it(`refuses ${field} = ${String(value)}`, () => {
        const complexity = { cognitive: 1, cyclomatic: 1, halstead: 1, [field]: value };
        assert.deepEqual(
          parseFails(complexitySchema, complexity).map((i) => i.path),
          [[field]],
        );
      });
    }
  }

  for (const value of [-1, -0.5, NaN, Infinity, '1']) {
    it(`refuses halstead = ${String(value)}`, () => {
      assert.deepEqual(
        parseFails(complexitySchema, { cognitive: 1, cyclomatic: 1, halstead: value }).map((i) => i.path),
        [['halstead']],
      );
    });
  }

  for (const tokens of [-1, 2.5]) {
    it(`refuses metadata.tokens = ${tokens}`, () => {
      const response = { ...minimalResponse(), metadata: { ...minimalResponse().metadata, tokens } };
      assert.deepEqual(
        parseFails(explainResponseSchema, response).map((i) => i.path),
        [['metadata', 'tokens']],
      );
    });
  }

  it('checks the complexity inside metadata at its full path', () => {
    const response = {
      ...minimalResponse(),
      metadata: { tokens: 1, complexity: { cognitive: -2, cyclomatic: 1.25, halstead: 3 } },
    };
    assert.deepEqual(
      parseFails(explainResponseSchema, response).map((i) => i.path),
      [
        ['metadata', 'complexity', 'cognitive'],
        ['metadata', 'complexity', 'cyclomatic'],
      ],
    );
  });
});

describe('unitSchema', () => {
  const unit = () => ({
    name: 'f',
    kind: 'function',
    startLine: 1,
    endLine: 4,
    complexity: { cognitive: 1, cyclomatic: 2, halstead: 3 },
  });

  it('accepts a unit', () => {
    assert.deepEqual(parseOk(unitSchema, unit()), unit());
  });

  for (const field of ['startLine', 'endLine'] as const) {
    for (const value of [0, -3, 2.5]) {
      it(`refuses ${field} = ${value}`, () => {
        assert.deepEqual(
          parseFails(unitSchema, { ...unit(), [field]: value }).map((i) => i.path),
          [[field]],
        );
      });
    }
  }

  it('is checked inside metadata.units, at its index', () => {
    const response = {
      ...minimalResponse(),
      metadata: { ...minimalResponse().metadata, units: [unit(), { ...unit(), startLine: 0 }] },
    };
    assert.deepEqual(
      parseFails(explainResponseSchema, response).map((i) => i.path),
      [['metadata', 'units', 1, 'startLine']],
    );
  });

  it('refuses units that are not an array', () => {
    const response = { ...minimalResponse(), metadata: { ...minimalResponse().metadata, units: unit() } };
    assert.deepEqual(
      parseFails(explainResponseSchema, response).map((i) => i.path),
      [['metadata', 'units']],
    );
  });
});

describe('savedExplanationSchema', () => {
  it('accepts a saved explanation, unchanged', () => {
    assert.deepEqual(parseOk(savedExplanationSchema, savedExplanation()), savedExplanation());
  });

  it('keeps fields it does not know', () => {
    const saved = { ...savedExplanation(), owner: 'u1', units: [] };
    assert.deepEqual(parseOk(savedExplanationSchema, saved), saved);
  });

  const required = [
    'id',
    'createdAt',
    'language',
    'mode',
    'audience',
    'focus',
    'code',
    'explanation',
    'sections',
    'suggestions',
    'metadata',
  ] as const;
  for (const field of required) {
    it(`requires ${field}`, () => {
      const saved = without(savedExplanation(), field);
      assert.deepEqual(
        parseFails(savedExplanationSchema, saved).map((i) => i.path),
        [[field]],
      );
    });
  }

  it('refuses a createdAt that is not an ISO date-time', () => {
    assert.deepEqual(
      parseFails(savedExplanationSchema, { ...savedExplanation(), createdAt: 'May 1st' }).map((i) => i.path),
      [['createdAt']],
    );
  });

  it('accepts each canonical language id', () => {
    for (const language of ['javascript', 'tsx', 'cpp', 'csharp', 'bash']) {
      assert.equal(parseOk(savedExplanationSchema, { ...savedExplanation(), language }).language, language);
    }
  });

  for (const language of ['js', 'TypeScript', 'c++', 'cobol']) {
    it(`refuses the non-canonical or unknown language ${show(language)}`, () => {
      assert.deepEqual(
        parseFails(savedExplanationSchema, { ...savedExplanation(), language }).map((i) => i.path),
        [['language']],
      );
    });
  }

  const badValues: [field: string, value: unknown, path: PropertyKey[]][] = [
    ['mode', 'fast', ['mode']],
    ['audience', 'novice', ['audience']],
    ['focus', ['readability', 'speed'], ['focus', 1]],
    ['focus', 'readability', ['focus']],
    ['code', 42, ['code']],
    ['id', 42, ['id']],
  ];
  for (const [field, value, path] of badValues) {
    it(`refuses ${field} = ${show(value)}`, () => {
      assert.deepEqual(
        parseFails(savedExplanationSchema, { ...savedExplanation(), [field]: value }).map((i) => i.path),
        [path],
      );
    });
  }
});
