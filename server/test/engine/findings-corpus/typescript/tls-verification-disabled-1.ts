// expect: security/tls-verification-disabled@4
import { Agent } from 'node:https';

export const insecureAgent = new Agent({ keepAlive: true, rejectUnauthorized: false });
