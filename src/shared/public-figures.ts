import { z } from './zod-config';

/**
 * GET /api/public-figures: the counts the home and About pages show, read from the database
 * (decision 060: a public page claims no figure the data does not hold).
 */
export const publicFiguresSchema = z.object({
  /** Completed readings, all readers together: the sum of the 'sessions' every reader's card shows. */
  readingsGiven: z.number().int(),
  /** Readers anyone can find: the directory's total. */
  readers: z.number().int(),
});
export type PublicFigures = z.infer<typeof publicFiguresSchema>;
