/** Writes docs/rules.md from the rules' meta: `pnpm docs:rules`. */
import { writeFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { ALL_RULES } from '../src/engine/rules/index.js';
import { renderRulesDoc, RULES_DOC_PATH } from './render-rules-doc.js';

await writeFile(RULES_DOC_PATH, await renderRulesDoc(ALL_RULES));
console.log(`wrote ${fileURLToPath(RULES_DOC_PATH)}`);
