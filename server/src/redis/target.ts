/**
 * REDIS_URL's three forms, parsed and validated with zod, and turned into an
 * ioredis client by connect.ts:
 *
 *   redis://[user:password@]host:port[/db]                      one server (rediss:// for TLS)
 *   redis-sentinel://[user:password@]host:port[,host:port…]/master[?db=N&tls=true&sentinelPassword=…]
 *   redis-cluster://[user:password@]host:port[,host:port…][?tls=true]
 *
 * For Sentinel, the credentials in the URL are the Redis servers' (the master
 * the Sentinels point at); `sentinelPassword` (and `sentinelUsername`) are the
 * Sentinels' own when they ask for one. For a cluster, the hosts are seed
 * nodes: the client learns the rest from them. A plain redis:// URL is left to
 * ioredis exactly as written, as before these forms existed.
 */
import { z } from 'zod';

export interface RedisAddress {
  readonly host: string;
  readonly port: number;
}

export type RedisTarget =
  | { readonly kind: 'standalone'; readonly url: string }
  | {
      readonly kind: 'sentinel';
      readonly sentinels: readonly RedisAddress[];
      /** The master's name, as the Sentinels know it (`sentinel monitor <name> …`). */
      readonly name: string;
      readonly username?: string;
      readonly password?: string;
      readonly sentinelUsername?: string;
      readonly sentinelPassword?: string;
      readonly db: number;
      /** TLS to the master and replicas, and to the Sentinels. */
      readonly tls: boolean;
    }
  | {
      readonly kind: 'cluster';
      readonly nodes: readonly RedisAddress[];
      readonly username?: string;
      readonly password?: string;
      readonly tls: boolean;
    };

export const REDIS_URL_SCHEMES = ['redis', 'rediss', 'redis-sentinel', 'redis-cluster'] as const;

const DEFAULT_PORTS = { 'redis-sentinel': 26379, 'redis-cluster': 6379 } as const;

const boolean = z.enum(['true', 'false']).transform((v) => v === 'true');

const sentinelQuery = z.strictObject({
  db: z
    .string()
    .regex(/^[0-9]{1,2}$/, 'db must be a database number from 0 to 15')
    .transform(Number)
    .pipe(z.number().max(15, 'db must be a database number from 0 to 15'))
    .optional(),
  tls: boolean.optional(),
  sentinelUsername: z.string().min(1).optional(),
  sentinelPassword: z.string().min(1).optional(),
});

const clusterQuery = z.strictObject({ tls: boolean.optional() });

/** `host:port` or `[v6]:port`; the port defaults for the scheme. */
function address(part: string, defaultPort: number): RedisAddress | string {
  const match = /^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(?::([0-9]{1,5}))?$/.exec(part);
  if (!match) return `"${part}" is not host:port`;
  const port = match[2] === undefined ? defaultPort : Number(match[2]);
  if (port < 1 || port > 65535) return `"${part}": the port must be from 1 to 65535`;
  return { host: match[1]!.replace(/^\[(.*)\]$/, '$1'), port };
}

const decode = (value: string | undefined) =>
  value === undefined || value === '' ? undefined : decodeURIComponent(value);

/** The URL, or why it cannot be used (written for REDIS_URL's error message). */
export function parseRedisUrl(url: string): { ok: true; target: RedisTarget } | { ok: false; error: string } {
  const scheme = /^([a-z-]+):\/\//.exec(url)?.[1];
  if (scheme === 'redis' || scheme === 'rediss') return { ok: true, target: { kind: 'standalone', url } };
  if (scheme !== 'redis-sentinel' && scheme !== 'redis-cluster') {
    return { ok: false, error: `must start with ${REDIS_URL_SCHEMES.map((s) => `${s}://`).join(', ')}` };
  }
  // Several hosts are not one URL authority, so the URL's parts are taken apart here, not by URL.
  const match = /^[a-z-]+:\/\/(?:([^:@/]*)(?::([^@/]*))?@)?([^/?#]+)(?:\/([^?#]*))?(?:\?([^#]*))?$/.exec(url);
  if (!match) return { ok: false, error: `${scheme}:// URL is malformed` };
  const [, user, password, hostList, path, query] = match;
  try {
    for (const part of [user, password, path]) decode(part);
  } catch {
    return { ok: false, error: `${scheme}:// URL has a malformed %-escape` };
  }
  const addresses: RedisAddress[] = [];
  for (const part of hostList!.split(',')) {
    const parsed = address(part.trim(), DEFAULT_PORTS[scheme]);
    if (typeof parsed === 'string') return { ok: false, error: parsed };
    addresses.push(parsed);
  }
  const params = Object.fromEntries(new URLSearchParams(query ?? ''));
  const credentials = {
    ...(decode(user) === undefined ? {} : { username: decode(user) }),
    ...(decode(password) === undefined ? {} : { password: decode(password) }),
  };

  if (scheme === 'redis-cluster') {
    if (path !== undefined && path !== '') {
      return { ok: false, error: 'redis-cluster:// takes no path (a cluster has only database 0)' };
    }
    const parsed = clusterQuery.safeParse(params);
    if (!parsed.success) return { ok: false, error: queryError(parsed.error) };
    return {
      ok: true,
      target: { kind: 'cluster', nodes: addresses, ...credentials, tls: parsed.data.tls ?? false },
    };
  }

  const name = decode(path);
  if (name === undefined || name.includes('/')) {
    return {
      ok: false,
      error:
        'redis-sentinel:// needs the master name as its path: redis-sentinel://host:26379,host2:26379/mymaster',
    };
  }
  const parsed = sentinelQuery.safeParse(params);
  if (!parsed.success) return { ok: false, error: queryError(parsed.error) };
  const { db, tls, sentinelUsername, sentinelPassword } = parsed.data;
  return {
    ok: true,
    target: {
      kind: 'sentinel',
      sentinels: addresses,
      name,
      ...credentials,
      ...(sentinelUsername === undefined ? {} : { sentinelUsername }),
      ...(sentinelPassword === undefined ? {} : { sentinelPassword }),
      db: db ?? 0,
      tls: tls ?? false,
    },
  };
}

function queryError(error: z.ZodError): string {
  return error.issues
    .map((issue) =>
      issue.code === 'unrecognized_keys'
        ? `unknown parameter ${issue.keys.join(', ')}`
        : `${issue.path.join('.')}: ${issue.message}`,
    )
    .join('; ');
}
