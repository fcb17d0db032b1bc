// expect: security/weak-hash@5
import { createHash } from 'node:crypto';

export function signatureFor(apiSecret: string, body: string): string {
  return createHash('sha1')
    .update(apiSecret + body)
    .digest('hex');
}
