/**
 * `pnpm audit:claims`: runs the engine over real code installed on this
 * machine and re-checks every claim it would make with a second, simple
 * check (audit/checks.ts). Prints, per claim kind, how many claims were made
 * and how many the tree contradicts, with file and line for each.
 *
 *   pnpm audit:claims                 every source, every file
 *   pnpm audit:claims --limit 200     at most 200 files per source, spread over it
 *   pnpm audit:claims --source go     only sources whose name contains "go"
 *
 * Exit code 1 when any claim is contradicted.
 */
import { parseArgs } from 'node:util';
import { CLAIM_KINDS, UNAUDITED, type ClaimKind } from '../src/engine/claims/index.js';
import { SourceParser } from '../src/engine/parsing/parser.js';
import { filesOf, SOURCES, spread } from './audit/corpus.js';
import { auditFile, emptyReport } from './audit/run.js';

const { values } = parseArgs({
  options: {
    limit: { type: 'string' },
    source: { type: 'string' },
    show: { type: 'string', default: '20' },
  },
});
const limit = values.limit === undefined ? Infinity : Number(values.limit);
const show = Number(values.show);
if (!(limit > 0) || !(show >= 0)) {
  console.error('audit:claims: --limit and --show take a positive number');
  process.exit(2);
}

const parser = new SourceParser({ timeoutMs: 5000 });
const report = emptyReport();
const started = Date.now();
for (const source of SOURCES) {
  if (values.source && !source.name.toLowerCase().includes(values.source.toLowerCase())) continue;
  const all = filesOf(source);
  if (all.length === 0) {
    console.log(`${source.name}: not installed here, skipped`);
    continue;
  }
  const files = limit === Infinity ? all : spread(all, limit);
  const before = report.functions;
  for (const file of files) await auditFile(parser, file, source.language, report);
  console.log(
    `${source.name}: ${files.length} of ${all.length} files, ${report.functions - before} functions`,
  );
}
parser.dispose();

const rows = (Object.keys(CLAIM_KINDS) as ClaimKind[]).map((kind) => ({
  kind,
  claims: report.claims.get(kind) ?? 0,
  contradicted: report.contradictions.filter((c) => c.kind === kind).length,
}));
console.log(
  `\n${report.files} files (${report.failed} the parser gave up on), ${report.functions} functions (${[...report.functionsByLanguage].map(([l, n]) => `${l} ${n}`).join(', ')}), ${((Date.now() - started) / 1000).toFixed(0)} s\n`,
);
console.log('| claim kind | claims | contradicted | re-checked by |');
console.log('| --- | ---: | ---: | --- |');
for (const r of rows)
  console.log(`| \`${r.kind}\` | ${r.claims} | ${r.contradicted} | ${CLAIM_KINDS[r.kind].check} |`);
console.log('\nNot re-checked by this audit:');
for (const u of UNAUDITED) console.log(`- ${u.sentences}: ${u.reason}`);
if (report.contradictions.length > 0) {
  console.log(
    `\nContradictions (first ${Math.min(show, report.contradictions.length)} of ${report.contradictions.length}):`,
  );
  for (const c of report.contradictions.slice(0, show))
    console.log(`- ${c.kind} ${c.file}:${c.line} (${c.unit}): ${c.reason}`);
}
process.exitCode = report.contradictions.length > 0 ? 1 : 0;
