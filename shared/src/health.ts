/** What `GET /healthz` reports, for load balancers and operators. */
import { z } from 'zod';

/** `unused`: the embedded store or in-process rate limits stand in for it. */
export const DEPENDENCY_STATES = ['up', 'down', 'unused'] as const;
export type DependencyState = (typeof DEPENDENCY_STATES)[number];

export const healthResponseSchema = z.looseObject({
  status: z.enum(['ok', 'unavailable']),
  mongodb: z.enum(DEPENDENCY_STATES),
  redis: z.enum(DEPENDENCY_STATES),
  store: z.enum(['mongodb', 'embedded']),
  rateLimits: z.enum(['redis', 'memory']),
});

export type HealthResponse = z.infer<typeof healthResponseSchema>;
