/**
 * Dashboard passwords: hashed with argon2id at OWASP's recommended minimum
 * (19 MiB of memory, 2 passes, 1 lane; the Password Storage Cheat Sheet), held
 * to a minimum length, and checked against a list of common passwords.
 *
 * The list is zxcvbn-ts's `passwords-common` (about 49,000 passwords seen most
 * often in breaches, lower case), from @zxcvbn-ts/language-common: maintained
 * with the zxcvbn-ts strength estimator and loaded once, into a Set, on first
 * use. Only the list is used, not the estimator: the rule is "not a known
 * common password", which a user can understand and a test can state.
 */
import { hash, verify, type Algorithm } from '@node-rs/argon2';

export const MIN_PASSWORD_LENGTH = 10;
/** Long enough for any passphrase; short enough that hashing stays cheap to ask for. */
export const MAX_PASSWORD_LENGTH = 256;

// The package's Algorithm is a const enum, which isolated modules cannot read: 2 is its Argon2id.
const ARGON2ID = 2 as Algorithm;

const ARGON2_OPTIONS = {
  algorithm: ARGON2ID,
  memoryCost: 19_456,
  timeCost: 2,
  parallelism: 1,
} as const;

let common: Promise<ReadonlySet<string>> | undefined;

function commonPasswords(): Promise<ReadonlySet<string>> {
  common ??= import('@zxcvbn-ts/language-common').then(
    ({ dictionary }) => new Set(dictionary['passwords-common']),
  );
  return common;
}

/** Why a new password is refused, in words for its owner; undefined when it is acceptable. */
export async function passwordProblem(password: string): Promise<string | undefined> {
  // Characters as a person counts them (code points), not UTF-16 units.
  const length = [...password].length;
  if (length < MIN_PASSWORD_LENGTH) return `the password must be at least ${MIN_PASSWORD_LENGTH} characters`;
  if (length > MAX_PASSWORD_LENGTH) return `the password must be at most ${MAX_PASSWORD_LENGTH} characters`;
  if ((await commonPasswords()).has(password.toLowerCase())) {
    return 'this password is one of the most common ones, which are tried first: choose another';
  }
  return undefined;
}

/** The PHC string (algorithm, parameters, salt and hash) to store. */
export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** False for a wrong password or a stored hash that does not parse. */
export async function verifyPassword(stored: string, password: string): Promise<boolean> {
  try {
    return await verify(stored, password);
  } catch {
    return false;
  }
}

let dummy: Promise<string> | undefined;

function dummyHash(): Promise<string> {
  dummy ??= hashPassword('no account has this password: it only costs time');
  return dummy;
}

/**
 * Makes the dummy hash ahead of the first sign-in (the dashboard calls this at
 * start-up), so not even the first unknown email costs an extra hash.
 */
export function prepareDummyHash(): void {
  void dummyHash();
}

/**
 * Does the work of one verification against a hash nobody's password matches,
 * so a sign-in for an unknown email (or an account without a password) takes
 * as long as one with a wrong password.
 */
export async function verifyNothing(password: string): Promise<false> {
  await verifyPassword(await dummyHash(), password);
  return false;
}
