/**
 * Every language the engine explains, by contract id. A `Record` over
 * `LanguageId` (not a `Partial`): a language added to the contract does not
 * compile until its module is written and listed here, and each module is
 * checked against its own id, so its name and tier agree with the contract.
 */
import type { LanguageId } from '@code-explain/shared';
import { bash } from './bash.js';
import { c } from './c.js';
import { cpp } from './cpp.js';
import { csharp } from './csharp.js';
import { go } from './go.js';
import { java } from './java.js';
import { javascript, tsx, typescript } from './javascript.js';
import { kotlin } from './kotlin.js';
import type { LanguageSupport } from './model.js';
import { php } from './php.js';
import { python } from './python.js';
import { ruby } from './ruby.js';
import { rust } from './rust.js';
import { swift } from './swift.js';

export type { LanguageSupport } from './model.js';

export const LANGUAGES: Readonly<Record<LanguageId, LanguageSupport>> = {
  javascript,
  typescript,
  tsx,
  python,
  java,
  go,
  c,
  cpp,
  csharp,
  rust,
  php,
  ruby,
  kotlin,
  swift,
  bash,
} satisfies { readonly [Id in LanguageId]: LanguageSupport<Id> };
