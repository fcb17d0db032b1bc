// silent: security/weak-hash
import { createHash } from 'node:crypto';

export function gravatarUrl(email: string): string {
  const digest = createHash('md5').update(email.trim().toLowerCase()).digest('hex');
  return `https://www.gravatar.com/avatar/${digest}`;
}
