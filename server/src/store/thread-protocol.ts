/**
 * The messages between the service's thread and the embedded store's own
 * thread (embedded-thread.ts, embedded-worker.ts), checked with zod on
 * arrival in both directions. The arguments and results are the Store
 * interface's own values, which structured cloning carries as they are
 * (dates included); the envelope is what is checked here.
 */
import { z } from 'zod';
import { DuplicateEmailError, StoreUnavailableError } from './types.js';

/** The Store methods the thread answers; `saveEncoded` stands for saveExplanation. */
export const STORE_OPS = [
  'createAccount',
  'findAccountById',
  'findAccountByEmail',
  'setAccountPlan',
  'setAccountPassword',
  'createApiKey',
  'findApiKeysByPrefix',
  'findApiKeyById',
  'listApiKeys',
  'revokeApiKey',
  'expireApiKey',
  'touchApiKey',
  'saveEncoded',
  'listExplanations',
  'getExplanation',
  'deleteExplanation',
  'addUsage',
  'readUsage',
  'ping',
] as const;
export type StoreOp = (typeof STORE_OPS)[number];

/**
 * A save's claim, one Int32 shared by both threads: whichever thread moves it
 * from PENDING first decides whether the save is written.
 */
export const CLAIM = { PENDING: 0, CLAIMED: 1, WITHDRAWN: 2 } as const;

export const storeCallSchema = z.object({
  seq: z.number().int().nonnegative(),
  op: z.enum(STORE_OPS),
  args: z.array(z.unknown()),
  /** saveEncoded's claim (CLAIM). */
  claim: z
    .custom<Int32Array<SharedArrayBuffer>>(
      (value) => value instanceof Int32Array && value.buffer instanceof SharedArrayBuffer,
      'a claim is an Int32Array over shared memory',
    )
    .optional(),
});
export type StoreCall = z.infer<typeof storeCallSchema>;

/** An error as it crosses between the threads: the classes the service tells apart survive. */
export const wireErrorSchema = z.object({
  name: z.string(),
  message: z.string(),
  /** DuplicateEmailError's email. */
  email: z.string().optional(),
});
export type WireError = z.infer<typeof wireErrorSchema>;

export const storeThreadMessageSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  /** The database could not be opened; the thread ends. */
  z.object({ type: z.literal('failed'), error: wireErrorSchema }),
  /** A call's answer… */
  z.object({ type: z.literal('result'), seq: z.number().int(), value: z.unknown() }),
  /** …or why it failed. */
  z.object({ type: z.literal('error'), seq: z.number().int(), error: wireErrorSchema }),
]);
export type StoreThreadMessage = z.infer<typeof storeThreadMessageSchema>;

export const storeThreadDataSchema = z.object({ dataDir: z.string() });

export function toWire(error: unknown): WireError {
  if (error instanceof DuplicateEmailError)
    return { name: error.name, message: error.message, email: error.email };
  if (error instanceof Error) return { name: error.name, message: error.message };
  return { name: 'Error', message: String(error) };
}

export function fromWire(wire: WireError): Error {
  if (wire.name === 'StoreUnavailableError') return new StoreUnavailableError(wire.message);
  if (wire.name === 'DuplicateEmailError' && wire.email !== undefined)
    return new DuplicateEmailError(wire.email);
  const error = new Error(wire.message);
  error.name = wire.name;
  return error;
}
