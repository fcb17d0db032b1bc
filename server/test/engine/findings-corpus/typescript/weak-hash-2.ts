// silent: security/weak-hash
import { createHmac } from 'node:crypto';

export function signatureFor(apiSecret: string, body: string): string {
  return createHmac('sha256', apiSecret).update(body).digest('hex');
}
