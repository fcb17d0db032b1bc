/**
 * The rule runner: one walk, visitors by node type, failures isolated,
 * deterministic and deduplicated output, deep input; and all rules together
 * on ordinary, well-written code, where they must find nothing to say.
 */
import assert from 'node:assert/strict';
import { z } from 'zod';
import { suggestionSchema, type LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../../src/engine/parsing/node.js';
import { extractFacts } from '../../src/engine/facts/extract.js';
import { metricsFor } from '../../src/engine/metrics/index.js';
import { SourceParser } from '../../src/engine/parsing/parser.js';
import { ALL_RULES } from '../../src/engine/rules/index.js';
import type { Rule, RuleContext } from '../../src/engine/rules/model.js';
import { runRules, runRulesWithNotes, type RuleInput } from '../../src/engine/rules/run.js';

function rule(
  id: string,
  languages: readonly LanguageId[],
  create: (context: RuleContext) => ReturnType<Rule['create']>,
): Rule {
  return {
    meta: {
      id,
      type: 'testing',
      severity: 'low',
      languages,
      docs: { description: id, examples: [] },
      messages: { text: '{{text}}', area: 'in {{place}} on line {{line}}' },
    },
    create,
  };
}

describe('suggestion rules: the runner', () => {
  let parser: SourceParser;
  before(() => {
    parser = new SourceParser();
  });
  after(() => {
    parser.dispose();
  });

  async function input(code: string, language: LanguageId = 'javascript'): Promise<RuleInput> {
    const parsed = await parser.parse(code, language);
    const metrics = metricsFor(language).measure(parsed.snapshot);
    return {
      language,
      code,
      root: parsed.snapshot.root,
      facts: extractFacts(language, parsed.snapshot, parsed.errorRegions, metrics),
    };
  }

  it('hands each node to the visitors for its type, in document order, then calls Program:exit once', async () => {
    const seen: string[] = [];
    let exits = 0;
    const probe = rule('testing/probe', ['javascript'], () => ({
      identifier(node: Node) {
        seen.push(node.text);
      },
      'Program:exit'() {
        exits++;
        seen.push('<exit>');
      },
    }));
    runRules([probe], await input('const a = b(c);\nfunction d(e) { return f; }'));
    assert.deepEqual(seen, ['a', 'b', 'c', 'd', 'e', 'f', '<exit>']);
    assert.equal(exits, 1);
  });

  it('runs only the rules that claim the language', async () => {
    let created = 0;
    const pythonOnly = rule('testing/python-only', ['python'], () => {
      created++;
      return {};
    });
    assert.deepEqual(runRules([pythonOnly], await input('x = 1;')), []);
    assert.equal(created, 0);
  });

  it('turns reports into contract suggestions: type, description, severity, line and rule from the rule', async () => {
    const reporter = rule('testing/reporter', ['javascript'], (context) => ({
      call_expression(node: Node) {
        context.report({ node, messageId: 'text', data: { text: `call of ${node.text}` } });
      },
      'Program:exit'() {
        context.report({ line: 2, messageId: 'text', data: { text: 'by line' } });
        context.report({ messageId: 'text', data: { text: 'no line at all' } });
        context.report({
          line: 0,
          node: context.root.namedChild(1)!,
          messageId: 'text',
          data: { text: 'a bad line falls back to the node' },
        });
        context.report({ line: 1.5, messageId: 'text', data: { text: 'a bad line and no node: no line' } });
      },
    }));
    const suggestions = runRules([reporter], await input('f();\ng();'));
    assert.deepEqual(suggestions, [
      { type: 'testing', description: 'no line at all', severity: 'low', rule: 'testing/reporter' },
      {
        type: 'testing',
        description: 'a bad line and no node: no line',
        severity: 'low',
        rule: 'testing/reporter',
      },
      { type: 'testing', description: 'call of f()', severity: 'low', line: 1, rule: 'testing/reporter' },
      { type: 'testing', description: 'call of g()', severity: 'low', line: 2, rule: 'testing/reporter' },
      { type: 'testing', description: 'by line', severity: 'low', line: 2, rule: 'testing/reporter' },
      {
        type: 'testing',
        description: 'a bad line falls back to the node',
        severity: 'low',
        line: 2,
        rule: 'testing/reporter',
      },
    ]);
    for (const s of suggestions) assert.ok(suggestionSchema.safeParse(s).success, JSON.stringify(s));
  });

  it('drops repeated reports of the same rule, line and message, but keeps different messages', async () => {
    const twice = rule('testing/twice', ['javascript'], (context) => ({
      identifier(node: Node) {
        context.report({ line: 1, messageId: 'text', data: { text: 'same' } });
        context.report({ node, messageId: 'text', data: { text: `name ${node.text}` } });
      },
    }));
    const suggestions = runRules([twice], await input('a; b;'));
    assert.deepEqual(
      suggestions.map((s) => s.description),
      ['same', 'name a', 'name b'],
    );
  });

  it("fills a message from its template and data, takes a report's own severity, and treats an unknown message id or a missing value as the rule failing", async () => {
    const templated = rule('testing/templated', ['javascript'], (context) => ({
      'Program:exit'() {
        context.report({ line: 1, messageId: 'area', data: { place: '`f`', line: 1 }, severity: 'high' });
      },
    }));
    const [s] = runRules([templated], await input('f();'));
    assert.deepEqual(s, {
      type: 'testing',
      description: 'in `f` on line 1',
      severity: 'high',
      line: 1,
      rule: 'testing/templated',
    });

    const unknownId = rule('testing/unknown-id', ['javascript'], (context) => ({
      'Program:exit'() {
        context.report({ line: 1, messageId: 'nope' });
      },
    }));
    const missingValue = rule('testing/missing-value', ['javascript'], (context) => ({
      'Program:exit'() {
        context.report({ line: 1, messageId: 'area', data: { place: 'here' } });
      },
    }));
    const run = runRulesWithNotes([unknownId, missingValue], await input('f();'));
    assert.deepEqual(run.suggestions, []);
    assert.deepEqual(
      run.failures.map((f) => [f.rule, f.phase, (f.error as Error).message]),
      [
        ['testing/unknown-id', 'exit', 'testing/unknown-id has no message "nope"'],
        ['testing/missing-value', 'exit', 'testing/missing-value/area needs "line"'],
      ],
    );
  });

  it('gives a rule its default options, and its focused ones when its area is requested', async () => {
    const seen: number[] = [];
    const limited: Rule<{ max: number }> = {
      meta: {
        id: 'testing/limited',
        type: 'testing',
        severity: 'low',
        languages: ['javascript'],
        docs: { description: 'limited', examples: [] },
        messages: { text: '{{text}}' },
        options: {
          schema: z.object({ max: z.number().int() }),
          defaults: { max: 10 },
          focused: { max: 5 },
          docs: { max: 'the limit' },
        },
      },
      create(context) {
        seen.push(context.options.max);
        return {};
      },
    };
    const code = await input('f();');
    const run = runRulesWithNotes([limited], code);
    runRulesWithNotes([limited], code, { focus: ['testing'] });
    runRulesWithNotes([limited], code, { focus: ['security'] });
    assert.deepEqual(seen, [10, 5, 10]);
    assert.deepEqual(
      run.ran.map((m) => m.id),
      ['testing/limited'],
    );
  });

  it('keeps going when a rule throws in create, a visitor or Program:exit, dropping only that rule’s findings', async () => {
    const inCreate = rule('testing/in-create', ['javascript'], () => {
      throw new Error('create');
    });
    const inVisit = rule('testing/in-visit', ['javascript'], (context) => ({
      identifier(node: Node) {
        context.report({ node, messageId: 'text', data: { text: 'partial' } });
        if (node.text === 'x') throw new Error('visit');
      },
    }));
    const inExit = rule('testing/in-exit', ['javascript'], (context) => ({
      'Program:exit'() {
        context.report({ line: 1, messageId: 'text', data: { text: 'partial' } });
        throw new Error('exit');
      },
    }));
    const code = 'if (a == 1) { eval(x); }';
    const run = runRulesWithNotes([inCreate, inVisit, ...ALL_RULES, inExit], await input(code));
    assert.deepEqual(run.suggestions.map((s) => s.rule).sort(), [
      'best_practices/loose-equality',
      'security/code-injection',
    ]);
    assert.deepEqual(
      run.failures.map((f) => [f.rule, f.phase, (f.error as Error).message]),
      [
        ['testing/in-create', 'create', 'create'],
        ['testing/in-visit', 'visit', 'visit'],
        ['testing/in-exit', 'exit', 'exit'],
      ],
    );
  });

  it('orders by line, then rule id, whatever order the rules come in, and gives the same answer every time', async () => {
    const code = [
      'var total = 0;',
      'function f(a, b, c, d, e, g) {',
      '  if (a == 1) return eval(b);',
      "  const password = 'hunter2hunter2';",
      '  return password;',
      '}',
    ].join('\n');
    const first = runRules(ALL_RULES, await input(code));
    const again = runRules(ALL_RULES, await input(code));
    const reversed = runRules([...ALL_RULES].reverse(), await input(code));
    assert.deepEqual(again, first);
    assert.deepEqual(reversed, first);
    assert.ok(first.length >= 4, JSON.stringify(first));
    for (let i = 1; i < first.length; i++) {
      const [a, b] = [first[i - 1]!, first[i]!];
      assert.ok(
        a.line! < b.line! || (a.line === b.line && a.rule! <= b.rule!),
        `${a.rule}@${a.line} before ${b.rule}@${b.line}`,
      );
    }
  });

  it('walks 5,000 levels of nesting without recursion', async () => {
    const depth = 5000;
    const expression = 'x = ' + '['.repeat(depth) + 'eval(y)' + ']'.repeat(depth) + ';';
    const a = runRulesWithNotes(ALL_RULES, await input(expression));
    assert.deepEqual(a.failures, []);
    assert.deepEqual(
      a.suggestions.map((s) => s.rule),
      ['security/code-injection'],
    );

    let visited = 0;
    const counter = rule('testing/counter', ['javascript'], () => ({
      if_statement() {
        visited++;
      },
    }));
    const statements =
      'function f(a) {\n' + 'if (a) {\n'.repeat(depth) + 'a();\n' + '}\n'.repeat(depth) + '}\n';
    const b = runRulesWithNotes([counter, ...ALL_RULES], await input(statements));
    assert.equal(visited, depth);
    assert.deepEqual(b.failures, []);
    const nesting = b.suggestions.find((s) => s.rule === 'readability/deep-nesting');
    assert.match(nesting?.description ?? '', /nests loops and conditions 5000 levels deep/);
  });

  it('handles a very long string concatenation without recursion', async () => {
    const code = 'db.query("SELECT * FROM t WHERE a = " ' + '+ x '.repeat(20000) + ');';
    const run = runRulesWithNotes(ALL_RULES, await input(code));
    assert.deepEqual(run.failures, []);
    assert.deepEqual(
      run.suggestions.map((s) => s.rule),
      ['security/sql-injection'],
    );
  });
});

/** Idiomatic code that handles errors, parameterises queries, documents its API: nothing to flag. */
const ORDINARY: Record<string, { language: LanguageId; code: string }> = {
  'a TypeScript route with a parameterised query': {
    language: 'typescript',
    code: `import express from 'express';
import { pool } from './db.js';

const router = express.Router();

/** Lists a user's orders, newest first. */
export async function listOrders(userId: string, page: number): Promise<Order[]> {
  const { rows } = await pool.query(
    'SELECT id, total FROM orders WHERE user_id = $1 ORDER BY created_at DESC LIMIT 20 OFFSET $2',
    [userId, (page - 1) * 20],
  );
  return rows.map((r) => ({ id: r.id, total: Number(r.total) }));
}

router.get('/orders', async (req, res, next) => {
  try {
    res.json({ orders: await listOrders(req.user.id, Number(req.query.page ?? 1)) });
  } catch (err) {
    next(err);
  }
});

/** Totals per currency. */
export function totals(orders: readonly Order[]): Map<string, number> {
  const byCurrency = new Map<string, number>();
  for (const order of orders) {
    byCurrency.set(order.currency, (byCurrency.get(order.currency) ?? 0) + order.total);
  }
  return byCurrency;
}
`,
  },
  'a React component': {
    language: 'tsx',
    code: `import { useEffect, useState } from 'react';

/** Shows a user's display name. */
export function UserName({ userId }: { userId: string }) {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    let cancelled = false;
    fetch(\`/api/users/\${encodeURIComponent(userId)}\`)
      .then((r) => r.json())
      .then((u) => {
        if (!cancelled) setName(u.name);
      })
      .catch(() => setName(null));
    return () => {
      cancelled = true;
    };
  }, [userId]);
  return <span className="user-name">{name ?? '…'}</span>;
}
`,
  },
  'CommonJS helpers': {
    language: 'javascript',
    code: `'use strict';
const path = require('path');

function chunk(items, size) {
  const out = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function debounce(fn, wait) {
  let timer = null;
  return function (...args) {
    clearTimeout(timer);
    timer = setTimeout(() => fn.apply(this, args), wait);
  };
}

module.exports = { chunk, debounce, relative: (a, b) => path.relative(a, b) || '.' };
`,
  },
  'a Python service module': {
    language: 'python',
    code: `"""Inventory service."""
import json
import logging
import subprocess

log = logging.getLogger(__name__)


def load_items(path):
    """Read items from a JSON file."""
    with open(path, encoding="utf-8") as f:
        return [dict(d) for d in json.load(f)]


def low_stock(items, threshold):
    """Items whose quantity is below the threshold."""
    return [item for item in items if item["quantity"] < threshold]


def save(cursor, item):
    """Store one item."""
    try:
        cursor.execute("UPDATE items SET quantity = %s WHERE sku = %s", (item["quantity"], item["sku"]))
    except Exception:
        log.exception("could not save %s", item["sku"])
        raise


def archive(path):
    """Compress a file with gzip."""
    subprocess.run(["gzip", "--keep", path], check=True)
`,
  },
  'a Go HTTP handler': {
    language: 'go',
    code: `package api

import (
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
)

// ErrNotFound is returned when no user has the id.
var ErrNotFound = errors.New("not found")

// Handler serves users over HTTP.
type Handler struct {
	store Store
}

// ServeHTTP returns the user named by the id query parameter.
func (h *Handler) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	id, err := strconv.Atoi(r.URL.Query().Get("id"))
	if err != nil {
		http.Error(w, "bad id", http.StatusBadRequest)
		return
	}
	user, err := h.store.User(r.Context(), id)
	if errors.Is(err, ErrNotFound) {
		http.Error(w, "no such user", http.StatusNotFound)
		return
	}
	if err != nil {
		http.Error(w, "internal error", http.StatusInternalServerError)
		return
	}
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(user)
}

// Sum adds the values.
func Sum(values []int) int {
	total := 0
	for _, v := range values {
		total += v
	}
	return total
}
`,
  },
  'a Java repository': {
    language: 'java',
    code: `package com.example;

import java.sql.Connection;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.List;

/** Reads users from the database. */
public class UserRepository {
    private final Connection connection;

    /** Creates a repository on an open connection. */
    public UserRepository(Connection connection) {
        this.connection = connection;
    }

    /** Names of all active users. */
    public List<String> activeNames() throws SQLException {
        List<String> names = new ArrayList<>();
        try (PreparedStatement st = connection.prepareStatement("SELECT name FROM users WHERE active")) {
            ResultSet rs = st.executeQuery();
            while (rs.next()) {
                names.add(rs.getString(1));
            }
        }
        return names;
    }

    @Override
    public String toString() {
        return "UserRepository";
    }
}
`,
  },
};

describe('suggestion rules: ordinary code', () => {
  let parser: SourceParser;
  before(() => {
    parser = new SourceParser();
  });
  after(() => parser.dispose());

  for (const [name, { language, code }] of Object.entries(ORDINARY)) {
    it(`find nothing to say about ${name}`, async () => {
      const parsed = await parser.parse(code, language);
      const metrics = metricsFor(language).measure(parsed.snapshot);
      const facts = extractFacts(language, parsed.snapshot, parsed.errorRegions, metrics);
      const run = runRulesWithNotes(ALL_RULES, { language, code, root: parsed.snapshot.root, facts });
      assert.deepEqual(run.failures, []);
      assert.deepEqual(run.suggestions, []);
    });
  }
});
