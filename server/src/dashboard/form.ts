/** Reading url-encoded form bodies (koa-bodyparser's output) without trusting their shape. */
import { z } from 'zod';

const formSchema = z.record(z.string(), z.union([z.string(), z.array(z.string())]));

/** A form field's one value; a missing or repeated field is an empty string. */
export function field(body: unknown, name: string): string {
  const parsed = formSchema.safeParse(body);
  const value = parsed.success ? parsed.data[name] : undefined;
  return typeof value === 'string' ? value : '';
}
