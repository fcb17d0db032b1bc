// silent: security/hardcoded-secret
import jwt from 'jsonwebtoken';

const JWT_SECRET = process.env.JWT_SECRET ?? '';

export function issue(userId: string): string {
  if (!JWT_SECRET) throw new Error('JWT_SECRET is not set');
  return jwt.sign({ sub: userId }, JWT_SECRET, { expiresIn: '1h' });
}
