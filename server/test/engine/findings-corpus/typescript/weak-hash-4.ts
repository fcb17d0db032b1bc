// expect: security/weak-hash@5
import crypto from 'node:crypto';

export function hashToken(token: string): string {
  return crypto.createHash('sha1').update(token).digest('base64');
}
