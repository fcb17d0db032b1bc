/** Path parameters. Ids are opaque: 24 hex digits from MongoDB, 16 letters and digits from the embedded store. */
import { z } from 'zod';

export const explanationIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9]{1,64}$/, 'id must be 1 to 64 letters and digits')
  .meta({ description: 'The id returned when the explanation was saved.' });

export const explanationParamsSchema = z.object({ id: explanationIdSchema });
