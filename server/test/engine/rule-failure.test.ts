/**
 * A rule that throws loses its own findings, never the explanation: the
 * response says in `metadata.notes` which check is missing (never why), the
 * other rules' findings stay, and the caller's observer hears the error.
 */
import assert from 'node:assert/strict';
import { explainResponseSchema, type ExplainRequest } from '@code-explain/shared';
import { createOpenApiDocument } from '../../src/http/openapi.js';
import { createEngine, type Engine, type RuleFailureReport } from '../../src/engine/engine.js';
import { serve, type ReplyPort } from '../../src/engine/pool/serve.js';
import type { WorkerMessage } from '../../src/engine/pool/messages.js';
import { ALL_RULES } from '../../src/engine/rules/index.js';
import { FAILING_RULE_ID, failingRule } from './support/failing-rule.js';

const request = (code: string): ExplainRequest => ({
  code,
  language: 'javascript',
  mode: 'detailed',
  audience: 'intermediate',
  focus: [],
});

const EVAL = 'function run(input) {\n  return eval(input);\n}\n';
const NOTE = `The check ${FAILING_RULE_ID} failed on this code, so its findings are left out.`;

describe('a rule that throws', () => {
  let engine: Engine;
  before(() => {
    engine = createEngine({ rules: [failingRule, ...ALL_RULES] });
  });
  after(() => engine.dispose());

  it('is named in metadata.notes, and the other rules keep their findings', async () => {
    const failures: RuleFailureReport[] = [];
    const response = await engine.explain(request(EVAL), { ruleFailed: (f) => failures.push(f) });
    explainResponseSchema.parse(response);
    assert.deepEqual(response.metadata.notes, [NOTE]);
    assert.ok(
      response.suggestions.some((s) => s.rule === 'security/code-injection' && s.line === 2),
      JSON.stringify(response.suggestions, null, 2),
    );
    assert.ok(!response.suggestions.some((s) => s.rule === FAILING_RULE_ID));
    assert.deepEqual(failures, [
      {
        rule: FAILING_RULE_ID,
        phase: 'visit',
        message: 'TypeError: cannot read properties of undefined (reading "name")',
      },
    ]);
  });

  it('never puts the error or its stack in the response', async () => {
    const text = JSON.stringify(await engine.explain(request(EVAL)));
    for (const secret of ['TypeError', 'reading "name"', '.ts:']) assert.ok(!text.includes(secret), secret);
    assert.doesNotMatch(text, /\\n\s+at /, 'a stack frame');
  });

  it('leaves no notes when it does not run into what breaks it', async () => {
    const response = await engine.explain(request('const a = 1;\n'));
    assert.equal(response.metadata.notes, undefined);
  });

  it('reaches the main thread beside the response, through the worker protocol', async () => {
    const replies: WorkerMessage[] = [];
    let listener: (value: unknown) => void = () => undefined;
    const port: ReplyPort = {
      on: (_event, l) => (listener = l),
      postMessage: (message) => replies.push(message),
    };
    serve(port, engine);
    listener({ type: 'explain', id: 1, request: request(EVAL) });
    while (replies.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
    const [reply] = replies;
    assert.equal(reply?.type, 'explained');
    if (reply?.type !== 'explained') return;
    assert.deepEqual(reply.response.metadata.notes, [NOTE]);
    assert.deepEqual(
      reply.ruleFailures?.map((f) => [f.rule, f.phase]),
      [[FAILING_RULE_ID, 'visit']],
    );
  });

  it('is documented in the OpenAPI document', () => {
    const text = JSON.stringify(createOpenApiDocument('test'));
    assert.match(text, /"notes":\{[^}]*"description":"What this analysis left out/);
  });
});
