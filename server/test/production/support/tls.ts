/**
 * A self-signed certificate for 127.0.0.1 and localhost, made by openssl in a
 * folder of the test's own, and an HTTPS client that trusts only it.
 */
import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import { request, type RequestOptions } from 'node:https';
import type { IncomingHttpHeaders } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { join } from 'node:path';
import { promisify } from 'node:util';

export interface Certificate {
  readonly certFile: string;
  readonly keyFile: string;
  readonly cert: string;
  readonly key: string;
}

/** `openssl req -x509`: a new RSA key and a certificate valid for a day, for the loopback names. */
export async function makeCertificate(dir: string, name = 'server'): Promise<Certificate> {
  const certFile = join(dir, `${name}.crt`);
  const keyFile = join(dir, `${name}.key`);
  await promisify(execFile)('openssl', [
    'req',
    '-x509',
    '-newkey',
    'rsa:2048',
    '-nodes',
    '-keyout',
    keyFile,
    '-out',
    certFile,
    '-days',
    '1',
    '-subj',
    '/CN=localhost',
    '-addext',
    'subjectAltName=DNS:localhost,IP:127.0.0.1',
  ]);
  return { certFile, keyFile, cert: await readFile(certFile, 'utf8'), key: await readFile(keyFile, 'utf8') };
}

export interface Answer {
  readonly status: number;
  readonly headers: IncomingHttpHeaders;
  readonly body: string;
  /** The SHA-256 fingerprint of the certificate the server presented. */
  readonly fingerprint: string;
}

/** One HTTPS request that trusts `ca` alone (Node's https, no agent reuse). */
export function httpsRequest(
  url: string,
  ca: string | undefined,
  options: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const init: RequestOptions = { method: options.method ?? 'GET', headers: options.headers, agent: false };
    if (ca !== undefined) init.ca = ca;
    const req = request(url, init, (res) => {
      const socket = res.socket as TLSSocket;
      const fingerprint = socket.getPeerCertificate().fingerprint256;
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body, fingerprint }));
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end(options.body);
  });
}
