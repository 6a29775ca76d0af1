import { z } from 'zod';

/** `GET /api/health`: the process is up and which database engine it talks to. */
export const HealthResponseSchema = z.object({
  status: z.literal('ok'),
  db: z.enum(['sqlite', 'postgres']),
});
export type HealthResponse = z.infer<typeof HealthResponseSchema>;
