/**
 * The contract every Store implementation passes: the mongoose store against
 * the real FerretDB, the embedded store against a temporary data folder.
 */
import assert from 'node:assert/strict';
import { LANGUAGE_IDS, MODES, type LanguageId, type Mode } from '@code-explain/shared';
import {
  DuplicateEmailError,
  type ExplanationRecord,
  type NewExplanation,
  type Store,
} from '../../src/store/types.js';

export interface StoreFixture {
  readonly store: Store;
  dispose(): Promise<void>;
}

export function sampleExplanation(overrides: Partial<NewExplanation> = {}): NewExplanation {
  return {
    language: 'python',
    mode: 'standard',
    audience: 'beginner',
    focus: ['security', 'readability'],
    code: 'def f(x):\n    return x + 1\n',
    explanation: 'Defines `f`, which adds one.',
    sections: [{ title: 'Summary', content: 'Adds one.', extra: { kept: true } }],
    suggestions: [
      { type: 'readability', description: 'Name it.', severity: 'low', line: 1, rule: 'r1' },
      { type: 'security', description: 'Fine.' },
    ],
    metadata: {
      tokens: 9,
      complexity: { cognitive: 0, cyclomatic: 1, halstead: 12.5 },
      units: [
        {
          name: 'f',
          kind: 'function',
          startLine: 1,
          endLine: 2,
          complexity: { cognitive: 0, cyclomatic: 1, halstead: 4 },
        },
      ],
      lines: 2,
    },
    ...overrides,
  };
}

const byNewest = (a: ExplanationRecord, b: ExplanationRecord) =>
  b.createdAt.getTime() - a.createdAt.getTime() || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);

export function describeStoreContract(label: string, open: () => Promise<StoreFixture>): void {
  describe(`Store contract: ${label}`, function () {
    this.timeout(60_000);
    let fixture: StoreFixture;
    let store: Store;

    before(async () => {
      fixture = await open();
      store = fixture.store;
    });

    after(async () => {
      await fixture?.dispose();
    });

    describe('accounts', () => {
      it('creates, finds by id and email, and changes the plan', async () => {
        const created = await store.createAccount({ email: `a-${label}@example.test`, plan: 'pro' });
        assert.equal(created.email, `a-${label}@example.test`);
        assert.equal(created.plan, 'pro');
        assert.ok(created.createdAt instanceof Date, 'createdAt is a Date');
        assert.deepEqual(await store.findAccountById(created.id), created);
        assert.deepEqual(await store.findAccountByEmail(created.email), created);
        const updated = await store.setAccountPlan(created.id, 'enterprise');
        assert.equal(updated?.plan, 'enterprise');
        assert.equal((await store.findAccountById(created.id))?.plan, 'enterprise');
      });

      it('refuses a second account with the same email', async () => {
        await store.createAccount({ email: 'twice@example.test', plan: 'free' });
        await assert.rejects(
          store.createAccount({ email: 'twice@example.test', plan: 'pro' }),
          DuplicateEmailError,
        );
      });

      it('keeps a password hash given at creation, and replaces it', async () => {
        const without = await store.createAccount({ email: `nopass-${label}@example.test`, plan: 'free' });
        assert.equal(without.passwordHash, null);
        assert.equal((await store.findAccountByEmail(without.email))?.passwordHash, null);

        const hash = '$argon2id$v=19$m=19456,t=2,p=1$c2FsdHNhbHQ$aGFzaGhhc2g';
        const withHash = await store.createAccount({
          email: `pass-${label}@example.test`,
          plan: 'free',
          passwordHash: hash,
        });
        assert.equal(withHash.passwordHash, hash);
        assert.deepEqual(await store.findAccountById(withHash.id), withHash);

        const replaced = await store.setAccountPassword(without.id, `${hash}2`);
        assert.equal(replaced?.passwordHash, `${hash}2`);
        assert.equal((await store.findAccountById(without.id))?.passwordHash, `${hash}2`);
        assert.equal(
          (await store.setAccountPlan(without.id, 'pro'))?.passwordHash,
          `${hash}2`,
          'a plan change keeps it',
        );
      });

      it('answers null for unknown or malformed ids and emails', async () => {
        for (const id of ['0123456789abcdef01234567', 'nope', '', '{"$ne":null}']) {
          assert.equal(await store.findAccountById(id), null, id);
          assert.equal(await store.setAccountPlan(id, 'pro'), null, id);
          assert.equal(await store.setAccountPassword(id, 'x'), null, id);
        }
        assert.equal(await store.findAccountByEmail('nobody@example.test'), null);
      });
    });

    describe('API keys', () => {
      it('creates keys, finds them by prefix and id, lists them newest first, revokes once', async () => {
        const account = await store.createAccount({ email: `keys-${label}@example.test`, plan: 'pro' });
        const first = await store.createApiKey({
          accountId: account.id,
          name: 'one',
          prefix: 'cex_AAAAAAAA',
          hash: 'a'.repeat(64),
        });
        await new Promise((resolve) => setTimeout(resolve, 5));
        const second = await store.createApiKey({
          accountId: account.id,
          name: 'two',
          prefix: 'cex_BBBBBBBB',
          hash: 'b'.repeat(64),
        });
        assert.equal(first.revokedAt, null);
        assert.equal(first.hash, 'a'.repeat(64));
        assert.deepEqual(await store.findApiKeysByPrefix('cex_AAAAAAAA'), [first]);
        assert.deepEqual(await store.findApiKeysByPrefix('cex_CCCCCCCC'), []);
        assert.deepEqual(await store.findApiKeyById(second.id), second);
        assert.deepEqual(
          (await store.listApiKeys(account.id)).map((k) => k.name),
          ['two', 'one'],
        );

        const at = new Date(Date.UTC(2026, 0, 2, 3, 4, 5));
        const revoked = await store.revokeApiKey(first.id, at);
        assert.deepEqual(revoked?.revokedAt, at);
        const again = await store.revokeApiKey(first.id, new Date());
        assert.deepEqual(again?.revokedAt, at, 'the first revocation time is kept');
        assert.deepEqual((await store.findApiKeysByPrefix('cex_AAAAAAAA'))[0]?.revokedAt, at);
        assert.equal(await store.revokeApiKey('0123456789abcdef01234567', at), null);
        assert.equal(await store.findApiKeyById('nope'), null);
      });

      it('sets when a replaced key ends (only ever sooner, never on a revoked key) and records its last use', async () => {
        const account = await store.createAccount({ email: `expiry-${label}@example.test`, plan: 'pro' });
        const key = await store.createApiKey({
          accountId: account.id,
          name: 'ci',
          prefix: 'cex_DDDDDDDD',
          hash: 'd'.repeat(64),
        });
        assert.equal(key.expiresAt, null);
        assert.equal(key.lastUsedAt, null);
        const week = new Date(Date.UTC(2026, 0, 9));
        const day = new Date(Date.UTC(2026, 0, 3));
        assert.deepEqual((await store.expireApiKey(key.id, week))?.expiresAt, week);
        assert.deepEqual((await store.expireApiKey(key.id, day))?.expiresAt, day, 'a shorter end wins');
        assert.deepEqual((await store.expireApiKey(key.id, week))?.expiresAt, day, 'a longer one does not');
        assert.equal(await store.expireApiKey('0123456789abcdef01234567', day), null);

        const used = new Date(Date.UTC(2026, 0, 2, 10, 0));
        await store.touchApiKey(key.id, used);
        await store.touchApiKey(key.id, new Date(Date.UTC(2026, 0, 2, 9, 0)));
        assert.deepEqual(
          (await store.findApiKeyById(key.id))?.lastUsedAt,
          used,
          'an earlier use does not go back',
        );

        const other = await store.createApiKey({
          accountId: account.id,
          name: 'old',
          prefix: 'cex_EEEEEEEE',
          hash: 'e'.repeat(64),
        });
        await store.revokeApiKey(other.id, day);
        assert.equal(
          (await store.expireApiKey(other.id, week))?.expiresAt,
          null,
          'a revoked key gets no end',
        );
      });
    });

    describe('explanations', () => {
      it('saves an explanation and returns every field as given, loose fields included', async () => {
        const input = sampleExplanation();
        const saved = await store.saveExplanation('owner-1', input);
        assert.equal(typeof saved.id, 'string');
        assert.ok(saved.id.length > 0, 'an id');
        assert.ok(saved.createdAt instanceof Date, 'createdAt is a Date');
        assert.ok(Math.abs(saved.createdAt.getTime() - Date.now()) < 60_000, 'createdAt is now');
        const found = await store.getExplanation('owner-1', saved.id);
        assert.deepEqual(found, { ...input, id: saved.id, accountId: 'owner-1', createdAt: saved.createdAt });
        assert.deepEqual(found, saved, 'the save returns what is stored');
        const { units: _units, ...metadata } = input.metadata;
        assert.deepEqual((await store.listExplanations('owner-1', {}, { skip: 0, limit: 10 })).items, [
          {
            id: saved.id,
            accountId: 'owner-1',
            createdAt: saved.createdAt,
            language: input.language,
            mode: input.mode,
            audience: input.audience,
            focus: input.focus,
            codePreview: 'def f(x):\n    return x + 1',
            codeLines: 2,
            explanation: input.explanation,
            suggestionCount: 2,
            metadata,
          },
        ]);
      });

      it("keeps accounts apart: another account's id is not found, not deleted", async () => {
        const saved = await store.saveExplanation('owner-a', sampleExplanation());
        assert.equal(await store.getExplanation('owner-b', saved.id), null);
        assert.equal(await store.deleteExplanation('owner-b', saved.id), false);
        assert.ok(await store.getExplanation('owner-a', saved.id), "the owner's record is still there");
        assert.deepEqual(await store.listExplanations('owner-b', {}, { skip: 0, limit: 10 }), {
          items: [],
          total: 0,
        });
      });

      it('deletes once', async () => {
        const saved = await store.saveExplanation('owner-d', sampleExplanation());
        assert.equal(await store.deleteExplanation('owner-d', saved.id), true);
        assert.equal(await store.getExplanation('owner-d', saved.id), null);
        assert.equal(await store.deleteExplanation('owner-d', saved.id), false);
      });

      it('answers null and false for unknown or malformed ids', async () => {
        for (const id of ['0123456789abcdef01234567', 'zzzzzzzzzzzzzzzz', 'x', '']) {
          assert.equal(await store.getExplanation('owner-1', id), null, id);
          assert.equal(await store.deleteExplanation('owner-1', id), false, id);
        }
      });

      describe('listing a few hundred records', () => {
        const owner = 'owner-many';
        const languages: LanguageId[] = ['python', 'go', 'javascript'];
        const modes: Mode[] = ['quick', 'standard', 'security', 'learning'];
        const records: ExplanationRecord[] = [];
        const base = Date.UTC(2026, 5, 1);

        before(async () => {
          // 300 records; every third pair shares a createdAt, so the id tie-breaker matters.
          const inputs = Array.from({ length: 300 }, (_, i) =>
            sampleExplanation({
              language: languages[i % languages.length]!,
              mode: modes[i % modes.length]!,
              code: `x = ${i}`,
              createdAt: new Date(base + Math.floor(i / 2) * 1000),
            }),
          );
          for (let i = 0; i < inputs.length; i += 25) {
            records.push(
              ...(await Promise.all(
                inputs.slice(i, i + 25).map((input) => store.saveExplanation(owner, input)),
              )),
            );
          }
          // Someone else's records never show up.
          await store.saveExplanation(
            'owner-other',
            sampleExplanation({ language: 'python', mode: 'quick' }),
          );
        });

        it('pages newest first (createdAt, then id), each record exactly once', async () => {
          const expected = [...records].sort(byNewest).map((r) => r.id);
          const seen: string[] = [];
          for (let skip = 0; skip < 320; skip += 40) {
            const page = await store.listExplanations(owner, {}, { skip, limit: 40 });
            assert.equal(page.total, 300);
            seen.push(...page.items.map((r) => r.id));
          }
          assert.deepEqual(seen, expected);
        });

        it('filters by language, by mode, and by both, with totals', async () => {
          for (const language of languages) {
            for (const mode of [undefined, ...modes]) {
              const expected = records
                .filter((r) => r.language === language && (mode === undefined || r.mode === mode))
                .sort(byNewest);
              const page = await store.listExplanations(owner, { language, mode }, { skip: 0, limit: 100 });
              assert.equal(page.total, expected.length, `${language}/${mode}`);
              assert.deepEqual(
                page.items.map((r) => r.id),
                expected.slice(0, 100).map((r) => r.id),
              );
              assert.ok(
                page.items.every((r) => r.accountId === owner),
                "only the owner's records",
              );
            }
          }
          const byMode = await store.listExplanations(owner, { mode: 'security' }, { skip: 10, limit: 5 });
          const expected = records.filter((r) => r.mode === 'security').sort(byNewest);
          assert.equal(byMode.total, expected.length);
          assert.deepEqual(
            byMode.items.map((r) => r.id),
            expected.slice(10, 15).map((r) => r.id),
          );
        });

        it('returns no items past the end, with the total', async () => {
          assert.deepEqual(await store.listExplanations(owner, {}, { skip: 300, limit: 10 }), {
            items: [],
            total: 300,
          });
          const unused = LANGUAGE_IDS.find((l) => !languages.includes(l))!;
          assert.deepEqual(
            await store.listExplanations(owner, { language: unused, mode: MODES[0] }, { skip: 0, limit: 10 }),
            { items: [], total: 0 },
          );
        });
      });
    });

    it('answers ping', async () => {
      assert.equal(await store.ping(), true);
    });
  });
}

/** Text that has broken stores before: line separators, NUL, lone surrogates, emoji, mixed line ends. */
export const AWKWARD_TEXTS: readonly string[] = [
  'line\u2028separator',
  'paragraph\u2029separator',
  'next\u0085line',
  'nul\u0000inside',
  'lone high \ud800 surrogate',
  'lone low \udc00 surrogate',
  'reversed pair \udc00\ud800',
  'emoji 😀 and 👩‍💻 and flags 🇫🇷',
  'mixed\r\nline\nends\rhere\r\n',
  '\ufeffbyte order mark, \u202eright-to-left override, e\u0301 combining',
  'vertical\u000btab and form\u000cfeed and escape \u001b[31m',
  '"quotes", \\backslashes\\ and {"$$date": 1} and {"$ne": null}',
];

export interface ReopenableStore {
  /** Opens the same storage again (a new process would). */
  open(): Promise<Store>;
  dispose(): Promise<void>;
}

export function describeAwkwardCharacters(label: string, setup: () => Promise<ReopenableStore>): void {
  describe(`Store keeps every character: ${label}`, function () {
    this.timeout(60_000);

    it('saves awkward text in every field and reads it back exactly after a restart', async () => {
      const storage = await setup();
      try {
        const first = await storage.open();
        const saved: ExplanationRecord[] = [];
        for (const text of AWKWARD_TEXTS) {
          saved.push(
            await first.saveExplanation(
              'owner-awkward',
              sampleExplanation({
                code: text,
                explanation: `About ${text}`,
                sections: [{ title: text, content: `${text}\n${text}` }],
                suggestions: [{ type: 'readability', description: text, line: 1 }],
                metadata: {
                  tokens: 1,
                  complexity: { cognitive: 0, cyclomatic: 1, halstead: 1 },
                  units: [
                    {
                      name: text,
                      kind: 'function',
                      startLine: 1,
                      endLine: 1,
                      complexity: { cognitive: 0, cyclomatic: 1, halstead: 1 },
                    },
                  ],
                },
              }),
            ),
          );
        }
        await first.close();

        const second = await storage.open();
        try {
          for (const [i, record] of saved.entries()) {
            const found = await second.getExplanation('owner-awkward', record.id);
            assert.deepEqual(found, record, `text ${i}: ${JSON.stringify(AWKWARD_TEXTS[i])}`);
            assert.equal(found?.code, AWKWARD_TEXTS[i]);
          }
          const page = await second.listExplanations('owner-awkward', {}, { skip: 0, limit: 100 });
          assert.equal(page.total, AWKWARD_TEXTS.length);
          const previews = new Map(page.items.map((item) => [item.id, item]));
          for (const record of saved) {
            const item = previews.get(record.id);
            assert.ok(item, `record ${record.id} is listed`);
            assert.equal(item.explanation, record.explanation);
            assert.ok(record.code.startsWith(item.codePreview), `preview of ${JSON.stringify(record.code)}`);
          }
        } finally {
          await second.close();
        }
      } finally {
        await storage.dispose();
      }
    });
  });
}
