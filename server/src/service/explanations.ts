/**
 * Explaining and the history of explanations, for one account at a time:
 * validated input in, contract-shaped output out; the engine and the store
 * do the work.
 */
import type {
  ExplainRequest,
  ExplainResponse,
  ExplanationSummary,
  ListQuery,
  ListResponse,
  SavedExplanation,
} from '@code-explain/shared';
import { encodeListCursor, MAX_PAGE } from '@code-explain/shared';
import { resultKey } from '../cache/key.js';
import type { ResultCache } from '../cache/result-cache.js';
import type { Engine, ExplainContext } from '../engine/engine.js';
import type {
  ExplanationRecord,
  ExplanationSummary as SummaryRecord,
  NewExplanation,
  Store,
} from '../store/types.js';

export interface ExplanationService {
  /** `context` says whose analysis it is and hears what the response leaves out and why (a rule that threw), for the log. */
  explain(
    accountId: string,
    request: ExplainRequest,
    context?: ExplainContext,
  ): Promise<ExplainResponse & SavedFields>;
  list(accountId: string, query: ListQuery): Promise<ListResponse>;
  get(accountId: string, id: string): Promise<SavedExplanation | null>;
  remove(accountId: string, id: string): Promise<boolean>;
}

interface SavedFields {
  id: string;
  createdAt: string;
}

export function toSavedExplanation(record: ExplanationRecord): SavedExplanation {
  return {
    id: record.id,
    createdAt: record.createdAt.toISOString(),
    language: record.language,
    mode: record.mode,
    audience: record.audience,
    focus: [...record.focus],
    code: record.code,
    explanation: record.explanation,
    sections: [...record.sections],
    suggestions: [...record.suggestions],
    metadata: record.metadata,
  };
}

export function toSummaryItem(summary: SummaryRecord): ExplanationSummary {
  return {
    id: summary.id,
    createdAt: summary.createdAt.toISOString(),
    language: summary.language,
    mode: summary.mode,
    audience: summary.audience,
    focus: [...summary.focus],
    codePreview: summary.codePreview,
    codeLines: summary.codeLines,
    explanation: summary.explanation,
    ...(summary.explanationClipped ? { explanationClipped: true } : {}),
    suggestionCount: summary.suggestionCount,
    metadata: summary.metadata,
  };
}

/** What is saved of an explain: the request's settings and code, and the engine's answer. */
export function newExplanationOf(request: ExplainRequest, response: ExplainResponse): NewExplanation {
  return {
    language: request.language,
    mode: request.mode,
    audience: request.audience,
    focus: request.focus,
    code: request.code,
    explanation: response.explanation,
    sections: response.sections,
    suggestions: response.suggestions,
    metadata: response.metadata,
  };
}

export interface ExplanationServiceDependencies {
  readonly engine: Engine;
  readonly store: Store;
  /** Engine answers by request content (cache/); without it every explain runs the engine. */
  readonly cache?: { readonly results: ResultCache; readonly engineVersion: string };
}

export function createExplanationService(deps: ExplanationServiceDependencies): ExplanationService {
  const { engine, store, cache } = deps;

  /**
   * The engine's answer, from the cache when it has one. An answer during
   * which a rule threw is not cached, so each such request still logs it.
   */
  const answer = async (
    request: ExplainRequest,
    context: ExplainContext | undefined,
  ): Promise<{ response: ExplainResponse; remembered?: Promise<void> }> => {
    if (!cache) return { response: await engine.explain(request, context) };
    const key = resultKey(request, cache.engineVersion);
    const cached = await cache.results.lookup(key);
    if (cached) return { response: cached };
    let ruleFailed = false;
    const response = await engine.explain(request, {
      ...context,
      ruleFailed(failure) {
        ruleFailed = true;
        context?.ruleFailed?.(failure);
      },
    });
    return { response, remembered: ruleFailed ? undefined : cache.results.remember(key, response) };
  };

  return {
    async explain(accountId, request, context) {
      const { response, remembered } = await answer(request, context);
      // A cached answer is still saved for the account, with an id and a date of its own.
      const saving = store.saveExplanation(accountId, newExplanationOf(request, response));
      // The shared cache's write overlaps the store's; it never fails (a failed write is a later miss).
      const [saved] = await Promise.all([saving, remembered]);
      return { ...response, id: saved.id, createdAt: saved.createdAt.toISOString() };
    },

    async list(accountId, query) {
      const { cursor, limit } = query;
      // One record more than the page tells whether a next page exists, so the
      // last page hands out no cursor to an empty one.
      const { items, total } = await store.listExplanations(
        accountId,
        { language: query.language, mode: query.mode },
        cursor
          ? { skip: 0, limit: limit + 1, after: { createdAt: cursor.createdAt, id: cursor.id } }
          : { skip: (query.page - 1) * limit, limit: limit + 1 },
      );
      const shown = items.slice(0, limit);
      const last = shown[shown.length - 1];
      const more = items.length > limit && last !== undefined && query.page < MAX_PAGE;
      return {
        items: shown.map(toSummaryItem),
        page: query.page,
        limit,
        total,
        totalPages: Math.ceil(total / limit),
        nextCursor: more
          ? encodeListCursor({ createdAt: last.createdAt, id: last.id, page: query.page + 1 })
          : null,
      };
    },

    async get(accountId, id) {
      const record = await store.getExplanation(accountId, id);
      return record ? toSavedExplanation(record) : null;
    },

    remove(accountId, id) {
      return store.deleteExplanation(accountId, id);
    },
  };
}
