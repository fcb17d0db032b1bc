/**
 * The extension's settings, read through zod so a hand-edited settings.json
 * with a wrong value falls back to the default for that one setting (and the
 * problem is reported) instead of breaking every command.
 */
import {
  AUDIENCES,
  DEFAULT_AUDIENCE,
  DEFAULT_MODE,
  FOCUS_AREAS,
  MAX_LIMIT,
  MODES,
  type Audience,
  type FocusArea,
  type Mode,
} from '@code-explain/shared';
import { z } from 'zod';

export const SETTINGS_SECTION = 'codeExplain';
export const DEFAULT_SERVER_URL = 'http://127.0.0.1:3000';
export const DEFAULT_HISTORY_PAGE_SIZE = 20;

export interface Settings {
  readonly serverUrl: string;
  readonly defaultMode: Mode;
  readonly defaultAudience: Audience;
  readonly defaultFocus: readonly FocusArea[];
  readonly historyPageSize: number;
}

const serverUrlSchema = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return url.protocol === 'http:' || url.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'must be an http:// or https:// URL')
  // One spelling for joining paths: no trailing slash.
  .transform((value) => value.replace(/\/+$/, ''));

const fields = {
  serverUrl: serverUrlSchema,
  defaultMode: z.enum(MODES),
  defaultAudience: z.enum(AUDIENCES),
  defaultFocus: z.array(z.enum(FOCUS_AREAS)).transform((areas) => [...new Set(areas)]),
  historyPageSize: z.number().int().min(1).max(MAX_LIMIT),
} satisfies Record<keyof Settings, z.ZodType>;

export const SETTINGS_DEFAULTS: Settings = {
  serverUrl: DEFAULT_SERVER_URL,
  defaultMode: DEFAULT_MODE,
  defaultAudience: DEFAULT_AUDIENCE,
  defaultFocus: [],
  historyPageSize: DEFAULT_HISTORY_PAGE_SIZE,
};

/** The part of vscode.WorkspaceConfiguration this needs, so it runs in plain Node too. */
export interface ConfigurationLike {
  get(key: string): unknown;
}

export interface SettingsResult {
  readonly settings: Settings;
  /** One line per setting that was invalid and replaced by its default. */
  readonly problems: readonly string[];
}

export function readSettings(config: ConfigurationLike): SettingsResult {
  const problems: string[] = [];
  const read = <K extends keyof Settings>(key: K): Settings[K] => {
    const raw = config.get(key);
    if (raw === undefined || raw === null) return SETTINGS_DEFAULTS[key];
    const parsed = fields[key].safeParse(raw);
    if (parsed.success) return parsed.data as Settings[K];
    problems.push(
      `${SETTINGS_SECTION}.${key} ${parsed.error.issues[0]?.message ?? 'is invalid'}; using ${JSON.stringify(SETTINGS_DEFAULTS[key])}`,
    );
    return SETTINGS_DEFAULTS[key];
  };
  return {
    settings: {
      serverUrl: read('serverUrl'),
      defaultMode: read('defaultMode'),
      defaultAudience: read('defaultAudience'),
      defaultFocus: read('defaultFocus'),
      historyPageSize: read('historyPageSize'),
    },
    problems,
  };
}
