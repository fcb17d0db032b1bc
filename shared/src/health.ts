/** What `GET /healthz` reports, for load balancers and operators. */
import { z } from 'zod';

/** `unused`: the embedded store or in-process rate limits stand in for it. */
export const DEPENDENCY_STATES = ['up', 'down', 'unused'] as const;
export type DependencyState = (typeof DEPENDENCY_STATES)[number];

/**
 * `ok`: everything answers. `degraded`: requests are served but something is
 * standing in (Redis is away and rate limits are counted per instance).
 * `unavailable` (HTTP 503): the engine cannot explain or the store does not
 * answer, so a load balancer should take the instance out. `draining` (HTTP
 * 503): the instance is shutting down; it still serves what reaches it, and a
 * load balancer should send it nothing new.
 */
export const HEALTH_STATUSES = ['ok', 'degraded', 'unavailable', 'draining'] as const;
export type HealthStatus = (typeof HEALTH_STATUSES)[number];

export const healthResponseSchema = z.looseObject({
  status: z.enum(HEALTH_STATUSES),
  /** Whether a real parse in an engine worker succeeds. */
  engine: z.enum(['up', 'down']),
  mongodb: z.enum(DEPENDENCY_STATES),
  redis: z.enum(DEPENDENCY_STATES),
  store: z.enum(['mongodb', 'embedded']),
  /** Where requests are counted now: `memory` also while a configured Redis is away. */
  rateLimits: z.enum(['redis', 'memory']),
});

export type HealthResponse = z.infer<typeof healthResponseSchema>;
