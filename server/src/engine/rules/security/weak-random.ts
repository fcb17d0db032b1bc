import type { LanguageId } from '@code-explain/shared';
import type { SnapshotNode as Node } from '../../parsing/node.js';
import type { Rule } from '../model.js';
import {
  calleeText,
  code,
  FUNCTION_TYPES,
  lineOf,
  nameWords,
  secretNamesOnlyOptions,
  TIER1,
} from '../util.js';

const SENSITIVE_WORDS = new Set([
  'token',
  'secret',
  'password',
  'passwd',
  'passphrase',
  'salt',
  'nonce',
  'otp',
  'csrf',
  'xsrf',
  'credential',
  'credentials',
]);
/** `key` and `id` alone are everyday names; these qualifiers make them secrets. */
const KEY_QUALIFIERS = new Set([
  'api',
  'secret',
  'private',
  'encryption',
  'signing',
  'session',
  'access',
  'auth',
]);
const ID_QUALIFIERS = new Set(['session', 'csrf']);
/** `code` alone is everywhere; a reset or verification code is a one-time secret. */
const CODE_QUALIFIERS = new Set([
  'reset',
  'verification',
  'verify',
  'confirmation',
  'confirm',
  'activation',
  'invite',
  'invitation',
  'recovery',
  'login',
  'mfa',
  'unlock',
  'pairing',
]);

/** Whether a name says its value must be unguessable. */
export function isSensitiveName(name: string): boolean {
  const words = nameWords(name);
  return words.some(
    (w, i) =>
      SENSITIVE_WORDS.has(w) ||
      ((w === 'key' || w === 'keys') && i > 0 && KEY_QUALIFIERS.has(words[i - 1]!)) ||
      (w === 'id' && i > 0 && ID_QUALIFIERS.has(words[i - 1]!)) ||
      ((w === 'code' || w === 'codes') && i > 0 && CODE_QUALIFIERS.has(words[i - 1]!)),
  );
}

const FIX: Partial<Record<LanguageId, string>> = {
  python: 'use the secrets module (secrets.token_hex(), secrets.token_urlsafe())',
  java: 'use java.security.SecureRandom',
  go: 'use crypto/rand (rand.Read, or rand.Text in Go 1.24+)',
};

/** Assignment-like nodes: [target field, value field]. */
const TARGETS: Record<string, [string, string]> = {
  variable_declarator: ['name', 'value'],
  assignment_expression: ['left', 'right'],
  assignment: ['left', 'right'],
  pair: ['key', 'value'],
  public_field_definition: ['name', 'value'],
  keyword_argument: ['name', 'value'],
  short_var_declaration: ['left', 'right'],
  assignment_statement: ['left', 'right'],
  var_spec: ['name', 'value'],
  const_spec: ['name', 'value'],
  keyed_element: ['key', 'value'],
};

type SecretUse = { readonly messageId: 'storedAsSecret' | 'usedBySecretFunction'; readonly name: string };

/** The name the random value is stored under, or the function producing it; undefined if neither is sensitive. */
function sensitiveUse(call: Node): SecretUse | undefined {
  let child = call;
  for (let p = call.parent; p; child = p, p = p.parent) {
    const fields = TARGETS[p.type];
    if (fields) {
      const value = p.childForFieldName(fields[1]);
      const target = p.childForFieldName(fields[0]);
      if (value && target && value.id === child.id) {
        const name = target.text.replace(/^['"]|['"]$/g, '');
        if (isSensitiveName(name)) return { messageId: 'storedAsSecret', name };
      }
    }
    if (FUNCTION_TYPES.has(p.type)) {
      const name = p.childForFieldName('name')?.text;
      return name && isSensitiveName(name) ? { messageId: 'usedBySecretFunction', name } : undefined;
    }
  }
  return undefined;
}

interface Options {
  readonly secretNamesOnly: boolean;
}

const WHY =
  'is not cryptographically secure: its output can be predicted from earlier values, so the secret can be guessed. Instead, {{fix}}.';

/** A predictable random number generator used for a secret. */
export const weakRandom: Rule<Options> = {
  meta: {
    id: 'security/weak-random',
    type: 'security',
    severity: 'high',
    languages: TIER1,
    docs: {
      description: 'A non-cryptographic random generator producing a token, password, key or other secret.',
      cwe: 'CWE-338',
      examples: [
        {
          language: 'javascript',
          bad: 'function resetToken() {\n  return Math.random().toString(36).slice(2);\n}\n',
          good: "import { randomBytes } from 'node:crypto';\n\nfunction resetToken() {\n  return randomBytes(32).toString('hex');\n}\n",
        },
        {
          language: 'python',
          bad: 'import random\n\nsession_id = random.getrandbits(64)\n',
          good: 'import secrets\n\nsession_id = secrets.token_hex(8)\n',
        },
      ],
    },
    messages: {
      storedAsSecret: `CWE-338: {{call}} on line {{line}} is stored in \`{{name}}\`, but {{generator}} ${WHY}`,
      usedBySecretFunction: `CWE-338: {{call}} on line {{line}} is used by \`{{name}}\`, but {{generator}} ${WHY}`,
      weakGenerator:
        'CWE-338: {{call}} on line {{line}} comes from a generator that is not cryptographically secure{{via}}: its output can be predicted from earlier values. Nothing in this code names the value a secret; if it must be unguessable (a token, a password, a key, an id others must not guess), {{fix}}.',
    },
    options: secretNamesOnlyOptions(
      'Report a weak generator only where the variable, key or function that receives its value is named for a secret (token, password, salt, session id…). When false, every other use is reported too, at low severity.',
    ),
  },
  create(context) {
    const fix =
      FIX[context.language] ??
      'use crypto.randomBytes or crypto.randomUUID (crypto.getRandomValues in browsers)';
    /** `generator` names the weak source; `apposition` when it reads "`rnd`, a `java.util.Random`," in a sentence. */
    const check = (node: Node, generator: string, apposition = false) => {
      const use = sensitiveUse(node);
      const call = code(node.text, 40);
      const line = lineOf(node);
      if (use) {
        context.report({
          node,
          messageId: use.messageId,
          data: { call, line, name: use.name, generator: apposition ? `${generator},` : generator, fix },
        });
      } else if (!context.options.secretNamesOnly) {
        context.report({
          node,
          messageId: 'weakGenerator',
          // `Math.random()` names its generator itself; `rnd.nextInt()` does not.
          data: { call, line, via: generator === call ? '' : ` (${generator})`, fix },
          severity: 'low',
        });
      }
    };
    switch (context.language) {
      case 'python':
        return {
          call(node) {
            const callee = calleeText(node);
            if (
              /^random\.(random|randint|randrange|choice|choices|sample|getrandbits|uniform|randbytes)$/.test(
                callee,
              )
            )
              check(node, `Python's \`random\` module`);
          },
        };
      case 'java': {
        // Variables and fields declared as java.util.Random, and calls on them, matched after the walk.
        const randoms = new Set<string>();
        const calls: { node: Node; receiver: string }[] = [];
        const declare = (node: Node) => {
          if (!/^(java\.util\.)?Random$/.test(node.childForFieldName('type')?.text ?? '')) return;
          for (const d of node.childrenForFieldName('declarator'))
            if (d) randoms.add(d.childForFieldName('name')?.text ?? '');
        };
        return {
          local_variable_declaration: declare,
          field_declaration: declare,
          method_invocation(node) {
            const callee = calleeText(node).replace(/\s+/g, '');
            if (callee === 'Math.random') check(node, '`Math.random()`');
            else if (callee.startsWith('ThreadLocalRandom.current().next'))
              check(node, '`ThreadLocalRandom`');
            else if (/^new(java\.util\.)?Random\([^)]*\)\.next\w*$/.test(callee))
              check(node, '`java.util.Random`');
            else if (/^\w+\.next(Int|Long|Double|Float|Boolean|Bytes|Gaussian)$/.test(callee))
              calls.push({ node, receiver: callee.slice(0, callee.indexOf('.')) });
          },
          'Program:exit'() {
            for (const { node, receiver } of calls)
              if (randoms.has(receiver)) check(node, `\`${receiver}\`, a \`java.util.Random\``, true);
          },
        };
      }
      case 'go': {
        // Only when the snippet imports math/rand (not crypto/rand) is `rand.X` certainly the weak one.
        const weak = context.facts.dependencies.some((d) => /^math\/rand(\/v2)?$/.test(d.source));
        if (!weak) return {};
        return {
          call_expression(node) {
            if (
              /^rand\.(Int|Intn|Int31|Int31n|Int63|Int63n|IntN|Int64|Int64N|Uint32|Uint64|Float32|Float64|Perm|Read|N)$/.test(
                calleeText(node),
              )
            )
              check(node, '`math/rand`');
          },
        };
      }
      default:
        return {
          call_expression(node) {
            if (calleeText(node) === 'Math.random') check(node, '`Math.random()`');
          },
        };
    }
  },
};
