/**
 * Runs the engine's own stages over files (parse, metrics, facts, claims)
 * and re-checks every claim with the audit's second opinion (checks.ts), on
 * the same tree.
 */
import { readFileSync } from 'node:fs';
import type { LanguageId } from '@code-explain/shared';
import { CLAIM_KINDS, claimsOf, type ClaimKind } from '../../src/engine/claims/index.js';
import { extractFacts } from '../../src/engine/facts/extract.js';
import { metricsFor } from '../../src/engine/metrics/index.js';
import type { SourceParser } from '../../src/engine/parsing/parser.js';
import { check } from './checks.js';

export interface Contradiction {
  readonly kind: ClaimKind;
  readonly file: string;
  readonly line: number;
  readonly unit: string;
  readonly reason: string;
}

export interface AuditReport {
  files: number;
  /** Files the parser gave up on (its time limit) or that failed otherwise. */
  failed: number;
  functions: number;
  readonly functionsByLanguage: Map<LanguageId, number>;
  readonly claims: Map<ClaimKind, number>;
  readonly contradictions: Contradiction[];
}

export function emptyReport(): AuditReport {
  return {
    files: 0,
    failed: 0,
    functions: 0,
    functionsByLanguage: new Map(),
    claims: new Map(Object.keys(CLAIM_KINDS).map((k) => [k as ClaimKind, 0])),
    contradictions: [],
  };
}

export async function auditFile(
  parser: SourceParser,
  file: string,
  language: LanguageId,
  report: AuditReport,
): Promise<void> {
  let parsed;
  try {
    parsed = await parser.parse(readFileSync(file, 'utf8'), language);
  } catch {
    report.failed++;
    return;
  }
  const { snapshot } = parsed;
  try {
    const metrics = metricsFor(language).measure(snapshot);
    const facts = extractFacts(language, snapshot, parsed.errorRegions, metrics);
    report.files++;
    const functions = facts.units.filter((u) => u.metrics.kind !== 'class').length;
    report.functions += functions;
    report.functionsByLanguage.set(language, (report.functionsByLanguage.get(language) ?? 0) + functions);
    const byNode = new Map(facts.units.map((u) => [u.metrics.node.id, u]));
    for (const claim of claimsOf(facts)) {
      report.claims.set(claim.kind, (report.claims.get(claim.kind) ?? 0) + 1);
      const unit = byNode.get(claim.unitNode);
      const reason = unit
        ? check(claim, { unit, units: facts.units, nodes: snapshot.nodes })
        : 'the claim names no unit of the file';
      if (reason)
        report.contradictions.push({
          kind: claim.kind,
          file,
          line: claim.evidence.lines[0] ?? claim.unitLine,
          unit: claim.unit,
          reason,
        });
    }
  } finally {
    snapshot.release();
  }
}
