/**
 * A browser as far as the dashboard's server side can tell: a cookie jar
 * (host-only cookies, deleted when the server clears them), forms posted as
 * application/x-www-form-urlencoded with the Origin a browser sends, and
 * redirects left unfollowed so tests see them.
 */
import assert from 'node:assert/strict';

export interface SetCookie {
  readonly name: string;
  readonly value: string;
  /** Attribute names, lower case, with their values ('' for flags). */
  readonly attributes: ReadonlyMap<string, string>;
}

export function parseSetCookie(header: string): SetCookie {
  const [pair = '', ...rest] = header.split(';');
  const eq = pair.indexOf('=');
  const attributes = new Map<string, string>();
  for (const part of rest) {
    const [name = '', ...value] = part.trim().split('=');
    attributes.set(name.toLowerCase(), value.join('='));
  }
  return { name: pair.slice(0, eq).trim(), value: pair.slice(eq + 1).trim(), attributes };
}

export interface Page {
  readonly status: number;
  readonly headers: Headers;
  readonly body: string;
  readonly setCookies: SetCookie[];
}

export class Browser {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly baseUrl: string,
    /** Headers every request carries (X-Forwarded-* behind a pretend proxy). */
    readonly headers: Record<string, string> = {},
    /** The Origin forms are sent with: the page's own, as a browser would. */
    readonly origin: string = baseUrl,
  ) {}

  private async request(path: string, init: RequestInit): Promise<Page> {
    const headers = new Headers({ ...this.headers, ...(init.headers as Record<string, string> | undefined) });
    if (this.cookies.size > 0) {
      headers.set('Cookie', [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; '));
    }
    const response = await fetch(new URL(path, this.baseUrl), { ...init, headers, redirect: 'manual' });
    const setCookies = response.headers.getSetCookie().map(parseSetCookie);
    for (const cookie of setCookies) {
      const expires = cookie.attributes.get('expires');
      const gone = cookie.value === '' || (expires !== undefined && Date.parse(expires) <= Date.now());
      if (gone) this.cookies.delete(cookie.name);
      else this.cookies.set(cookie.name, cookie.value);
    }
    return { status: response.status, headers: response.headers, body: await response.text(), setCookies };
  }

  get(path: string): Promise<Page> {
    return this.request(path, { method: 'GET' });
  }

  /** Posts the fields as a form; `origin: null` sends no Origin at all. */
  post(
    path: string,
    fields: Record<string, string>,
    options: { origin?: string | null } = {},
  ): Promise<Page> {
    const origin = options.origin === undefined ? this.origin : options.origin;
    return this.request(path, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        ...(origin === null ? {} : { Origin: origin }),
      },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** Loads `path` and posts its form (the one whose action is `action`) with its CSRF token and `fields`. */
  async submit(path: string, action: string, fields: Record<string, string>): Promise<Page> {
    const page = await this.get(path);
    assert.equal(page.status, 200, `GET ${path}: ${page.status}`);
    return this.post(action, { _csrf: csrfTokenIn(page.body, action), ...fields });
  }
}

/** The CSRF token of the form posting to `action`. */
export function csrfTokenIn(body: string, action: string): string {
  const form = new RegExp(
    `<form[^>]*action="${action.replace(/[/?]/g, '\\$&')}"[^>]*>([\\s\\S]*?)</form>`,
  ).exec(body);
  const token = form && /name="_csrf" value="([^"]+)"/.exec(form[1]!);
  assert.ok(token, `no form posting to ${action} with a CSRF token`);
  return token[1]!;
}

/** The text of the page's <main>, tags dropped, whitespace collapsed. */
export function mainText(body: string): string {
  const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(body)?.[1] ?? '';
  return main
    .replace(/<[^>]+>/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
