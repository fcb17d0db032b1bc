/**
 * The service's REST API over fetch. Every response is validated with the
 * contract's zod schemas; every failure is one of the typed errors in
 * errors.ts; every call can be cancelled with an AbortSignal. Plain Node: no
 * `vscode` import, so the tests run it against a real server.
 */
import {
  errorBodySchema,
  explainResponseSchema,
  healthResponseSchema,
  listResponseSchema,
  savedExplanationSchema,
  type ExplainRequestInput,
  type HealthResponse,
  type LanguageId,
  type ListResponse,
  type Mode,
  type SavedExplanation,
} from '@code-explain/shared';
import { z } from 'zod';
import {
  CancelledError,
  InvalidRequestError,
  MalformedResponseError,
  MissingApiKeyError,
  NetworkError,
  NotFoundError,
  RateLimitedError,
  ServerError,
  UnauthorizedError,
} from './errors.js';
import { parseRateLimit, parseRetryAfter, type RateLimitInfo } from './rate-limit.js';

/** A fresh explanation as POST /api/explain returns it: saved, so with id and time. */
export const explainResultSchema = explainResponseSchema.extend({
  id: z.string(),
  createdAt: z.iso.datetime(),
});
export type ExplainResult = z.infer<typeof explainResultSchema>;

export interface ListParams {
  readonly page?: number;
  readonly limit?: number;
  readonly language?: LanguageId | undefined;
  readonly mode?: Mode | undefined;
}

export interface ApiClientOptions {
  /** Base URL without a trailing slash, e.g. http://127.0.0.1:3000. */
  readonly serverUrl: string;
  /** Read on every call, so a key set after start-up is used at once. */
  readonly apiKey: () => Promise<string | undefined> | string | undefined;
  /** Called with the quota from every response that reports one. */
  readonly onRateLimit?: (info: RateLimitInfo) => void;
  /** Gives up on a request after this long (default 60 s, the server's own request timeout). */
  readonly timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 60_000;

export class ApiClient {
  constructor(private readonly options: ApiClientOptions) {}

  get serverUrl(): string {
    return this.options.serverUrl;
  }

  async explain(request: ExplainRequestInput, signal?: AbortSignal): Promise<ExplainResult> {
    const response = await this.send('POST', '/api/explain', { body: request, signal });
    return this.parse(response, explainResultSchema, 'explanation');
  }

  async listExplanations(params: ListParams = {}, signal?: AbortSignal): Promise<ListResponse> {
    const query = new URLSearchParams();
    if (params.page !== undefined) query.set('page', String(params.page));
    if (params.limit !== undefined) query.set('limit', String(params.limit));
    if (params.language !== undefined) query.set('language', params.language);
    if (params.mode !== undefined) query.set('mode', params.mode);
    const qs = query.toString();
    const response = await this.send('GET', `/api/explanations${qs ? `?${qs}` : ''}`, { signal });
    return this.parse(response, listResponseSchema, 'history page');
  }

  async getExplanation(id: string, signal?: AbortSignal): Promise<SavedExplanation> {
    const response = await this.send('GET', `/api/explanations/${encodeURIComponent(id)}`, { signal });
    return this.parse(response, savedExplanationSchema, 'saved explanation');
  }

  async deleteExplanation(id: string, signal?: AbortSignal): Promise<void> {
    const response = await this.send('DELETE', `/api/explanations/${encodeURIComponent(id)}`, { signal });
    // 204 has no body; drain whatever came so the connection is reusable.
    await response.arrayBuffer();
  }

  /** GET /healthz: needs no key; used to tell "unreachable" from "no history". */
  async health(signal?: AbortSignal): Promise<HealthResponse> {
    const response = await this.send('GET', '/healthz', { signal, anonymous: true, acceptStatus: [503] });
    return this.parse(response, healthResponseSchema, 'health report');
  }

  private async send(
    method: 'GET' | 'POST' | 'DELETE',
    path: string,
    init: { body?: unknown; signal?: AbortSignal | undefined; anonymous?: boolean; acceptStatus?: number[] },
  ): Promise<Response> {
    const headers: Record<string, string> = { Accept: 'application/json' };
    if (!init.anonymous) {
      const key = (await this.options.apiKey())?.trim();
      if (!key) throw new MissingApiKeyError();
      headers['X-API-Key'] = key;
    }
    if (init.body !== undefined) headers['Content-Type'] = 'application/json';

    const timeout = AbortSignal.timeout(this.options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const signal = init.signal ? AbortSignal.any([init.signal, timeout]) : timeout;
    let response: Response;
    try {
      response = await fetch(`${this.options.serverUrl}${path}`, {
        method,
        headers,
        body: init.body === undefined ? undefined : JSON.stringify(init.body),
        signal,
        redirect: 'error',
      });
    } catch (error) {
      if (init.signal?.aborted) throw new CancelledError();
      throw new NetworkError(this.options.serverUrl, timeout.aborted ? new Error('timed out') : error);
    }

    const rateLimit = parseRateLimit(response.headers);
    if (rateLimit) this.options.onRateLimit?.(rateLimit);
    if (response.ok || init.acceptStatus?.includes(response.status)) return response;
    throw await this.errorFrom(response, rateLimit);
  }

  private async errorFrom(response: Response, rateLimit: RateLimitInfo | undefined): Promise<Error> {
    const text = await response.text().catch(() => '');
    let body: z.infer<typeof errorBodySchema>['error'] | undefined;
    try {
      const parsed = errorBodySchema.safeParse(JSON.parse(text));
      if (parsed.success) body = parsed.data.error;
    } catch {
      // Not JSON (a proxy's HTML page, say): the status alone decides below.
    }
    const status = response.status;
    const message = body?.message ?? `HTTP ${status} ${response.statusText}`.trim();
    const requestId = body?.requestId ?? response.headers.get('x-request-id') ?? undefined;
    switch (status) {
      case 401:
        return new UnauthorizedError(message, requestId);
      case 429:
        return new RateLimitedError(
          message,
          parseRetryAfter(response.headers.get('retry-after')),
          rateLimit,
          requestId,
        );
      case 400:
      case 413:
        return new InvalidRequestError(message, status, body?.details ?? [], requestId);
      case 404:
        return new NotFoundError(message, requestId);
      default:
        return new ServerError(message, status, requestId);
    }
  }

  private async parse<S extends z.ZodType>(
    response: Response,
    schema: S,
    what: string,
  ): Promise<z.output<S>> {
    let json: unknown;
    try {
      json = await response.json();
    } catch (error) {
      throw new MalformedResponseError(what, [
        `not JSON (${error instanceof Error ? error.message : String(error)})`,
      ]);
    }
    const parsed = schema.safeParse(json);
    if (!parsed.success) {
      throw new MalformedResponseError(
        what,
        parsed.error.issues.map((i) => `${i.path.join('.') || '(body)'}: ${i.message}`),
      );
    }
    return parsed.data;
  }
}
