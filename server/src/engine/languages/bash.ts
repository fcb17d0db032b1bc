import { bashMetrics } from '../metrics/tier2/bash.js';
import { blockDocs, MAIN_WITHOUT_PARAMETERS } from './common.js';
import { CONVENTIONAL_APIS, CONVENTIONS, underscorePrivate } from './conventions.js';
import type { LanguageSupport } from './model.js';

export const bash: LanguageSupport<'bash'> = {
  id: 'bash',
  tier: 2,
  grammar: { wasm: '@vscode/tree-sitter-wasm/wasm/tree-sitter-bash.wasm' },
  metrics: bashMetrics,
  syntax: CONVENTIONS,
  docs: { docstrings: false, style: blockDocs('doc comment') },
  apis: CONVENTIONAL_APIS,
  isExported: underscorePrivate,
  declarations: { entryPoints: MAIN_WITHOUT_PARAMETERS, react: false },
  wording: { name: 'Bash', raises: false, asyncAwait: false },
  sample: 'add() {\n  if [ "$1" -gt "$2" ]; then\n    echo "$1"\n  fi\n  echo $(($1 + $2))\n}\n',
};
