import * as vscode from 'vscode';
import { readSettings, SETTINGS_SECTION, type Settings } from '../settings.js';

/** The current settings; invalid values fall back to defaults and are reported once per read. */
export function currentSettings(report?: (problems: readonly string[]) => void): Settings {
  const { settings, problems } = readSettings(vscode.workspace.getConfiguration(SETTINGS_SECTION));
  if (problems.length > 0) report?.(problems);
  return settings;
}
