/**
 * An explanation as Markdown: used by the `analyze` command, CI summaries and
 * the extension's "Copy as Markdown". Code-derived text is already written to
 * be Markdown-safe inline code; titles are escaped.
 */
import { sectionsBeyondExplanation, type ExplainResponse } from './response.js';

function escapeHeading(text: string): string {
  return text.replace(/([\\`*_{}[\]<>#|])/g, '\\$1').replace(/\r?\n/g, ' ');
}

export function toMarkdown(response: ExplainResponse, title = 'Code explanation'): string {
  const out: string[] = [`# ${escapeHeading(title)}`, '', response.explanation, ''];
  for (const section of sectionsBeyondExplanation(response)) {
    out.push(`## ${escapeHeading(section.title)}`, '', section.content, '');
  }
  const c = response.metadata.complexity;
  out.push(
    '## Metrics',
    '',
    '| metric | value |',
    '| --- | --- |',
    `| cognitive complexity | ${c.cognitive} |`,
    `| cyclomatic complexity | ${c.cyclomatic} |`,
    `| Halstead volume | ${c.halstead} |`,
    `| tokens | ${response.metadata.tokens} |`,
    '',
  );
  const units = response.metadata.units ?? [];
  if (units.length > 0) {
    out.push(
      '| unit | kind | lines | cognitive | cyclomatic | Halstead volume |',
      '| --- | --- | --- | --- | --- | --- |',
    );
    for (const u of units) {
      out.push(
        `| ${escapeHeading(u.name)} | ${u.kind} | ${u.startLine}–${u.endLine} | ${u.complexity.cognitive} | ${u.complexity.cyclomatic} | ${u.complexity.halstead} |`,
      );
    }
    out.push('');
  }
  // Modes with a Suggestions section already list them.
  const listed = response.sections.some((s) => s.title === 'Suggestions');
  if (response.suggestions.length > 0 && !listed) {
    out.push('## Suggestions', '');
    for (const s of response.suggestions) {
      const where = s.line ? ` (line ${s.line})` : '';
      const severity = s.severity ? ` ${s.severity}` : '';
      out.push(`- **${s.type}**${severity}: ${s.description}${where}`);
    }
    out.push('');
  }
  return out.join('\n');
}
