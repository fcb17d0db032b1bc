/** The fixed vocabularies of the API: analysis modes, audiences, focus areas. */

export const MODES = [
  'quick',
  'standard',
  'detailed',
  'learning',
  'performance',
  'security',
  'comparative',
] as const;
export type Mode = (typeof MODES)[number];
export const DEFAULT_MODE: Mode = 'standard';

export const AUDIENCES = ['beginner', 'intermediate', 'advanced', 'expert'] as const;
export type Audience = (typeof AUDIENCES)[number];
export const DEFAULT_AUDIENCE: Audience = 'intermediate';

export const FOCUS_AREAS = [
  'readability',
  'performance',
  'security',
  'best_practices',
  'architecture',
  'testing',
  'documentation',
  'scalability',
  'maintainability',
] as const;
export type FocusArea = (typeof FOCUS_AREAS)[number];
