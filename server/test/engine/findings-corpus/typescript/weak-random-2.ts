// silent: security/weak-random
import { randomInt } from 'node:crypto';

export function generatePassword(length: number): string {
  const chars = 'abcdefghijkmnopqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  let password = '';
  for (let i = 0; i < length; i++) {
    password += chars[randomInt(chars.length)];
  }
  return password;
}
