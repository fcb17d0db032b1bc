import { bashMetrics } from '../metrics/tier2/bash.js';
import { api, blockDocs, loadedFile, MAIN_WITHOUT_PARAMETERS } from './common.js';
import { CONVENTIONAL_APIS, CONVENTIONS, underscorePrivate } from './conventions.js';
import type { ApiEntry, LanguageSupport } from './model.js';

/** Commands whose effect is their job. */
const BASH_APIS: readonly ApiEntry[] = [
  api(/^(rm|mv|cp|mkdir|rmdir|touch|ln|chmod|chown|truncate)$/, 'writes-file'),
  api(/^(curl|wget)$/, 'http-request'),
];

export const bash: LanguageSupport<'bash'> = {
  id: 'bash',
  tier: 2,
  grammar: { wasm: '@vscode/tree-sitter-wasm/wasm/tree-sitter-bash.wasm' },
  metrics: bashMetrics,
  syntax: {
    ...CONVENTIONS,
    // A command (`echo`, `rm -rf "$dir"`, a function of the script) is Bash's call.
    // Bash's `case_statement` is the whole `case … esac`; its arms are `case_item`s.
    steps: [[/^command$/, { kind: 'call' }], [/^case_statement$/, { kind: 'switch' }], ...CONVENTIONS.steps],
    // `source ./lib.sh` and `. ./lib.sh`; any other command is read on.
    imports: {
      command: (n) =>
        /^(source|\.)$/.test(n.childForFieldName('name')?.text ?? '')
          ? loadedFile(n.childForFieldName('argument') ?? undefined)
          : [],
    },
  },
  docs: { docstrings: false, style: blockDocs('doc comment') },
  apis: [...BASH_APIS, ...CONVENTIONAL_APIS],
  isExported: underscorePrivate,
  declarations: { entryPoints: MAIN_WITHOUT_PARAMETERS, react: false },
  arithmetic: { divisionIsNumeric: false },
  wording: { name: 'Bash', raises: false, asyncAwait: false, imports: 'sources' },
  sample: 'add() {\n  if [ "$1" -gt "$2" ]; then\n    echo "$1"\n  fi\n  echo $(($1 + $2))\n}\n',
};
