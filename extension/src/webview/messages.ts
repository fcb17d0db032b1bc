/**
 * The messages between the explanation view and the extension, as zod
 * schemas: both sides parse what they receive, so a page can never make the
 * extension act on a malformed message (or the reverse).
 */
import { AUDIENCES, MODES } from '@code-explain/shared';
import { z } from 'zod';

const line = z.number().int().positive().max(10_000_000);

/** From the view to the extension. */
export const viewMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('reveal'), line, endLine: line.optional() }),
  z.strictObject({ type: z.literal('rerun'), mode: z.enum(MODES), audience: z.enum(AUDIENCES) }),
  z.strictObject({ type: z.literal('copyMarkdown') }),
  z.strictObject({ type: z.literal('openJson') }),
]);
export type ViewMessage = z.infer<typeof viewMessageSchema>;

/** From the extension to the view: only transient state; the content itself is re-rendered HTML. */
export const hostMessageSchema = z.discriminatedUnion('type', [
  z.strictObject({ type: z.literal('busy'), busy: z.boolean(), text: z.string().max(500) }),
]);
export type HostMessage = z.infer<typeof hostMessageSchema>;
