// expect: security/hardcoded-secret@4
import jwt from 'jsonwebtoken';

const JWT_SECRET = 'orders-service-signing-secret-2023';

export function issue(userId: string): string {
  return jwt.sign({ sub: userId }, JWT_SECRET, { expiresIn: '1h' });
}
