import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { publicFiguresSchema } from '@shared/public-figures';
import {
  readerEarningsSchema,
  readerSessionsPageSchema,
  readerSessionsQuerySchema,
  readerStatsSchema,
} from '@shared/reader-dashboard';
import {
  type DirectoryQuery,
  directoryQuerySchema,
  readerListSchema,
  readerSchema,
  readerSpecialtiesSchema,
} from '@shared/readers';
import { readerScheduleSchema, updateScheduleSchema } from '@shared/reader-schedule';
import { updatedReaderSchema, updateMyReaderSchema } from '@shared/sessions';
import { z } from '@shared/zod-config';
import type { Auth } from '../../auth/auth';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { readerProfiles } from '../../db/schema';
import { notFound } from '../../errors';
import { acceptedEncoding, matchesEtag } from '../../http-caching';
import type { Realtime } from '../../realtime/realtime';
import { currentUser, readViewerId, requireUser } from '../auth';
import { findReaderProfile } from './find-reader-by-username';
import { getReaderEarnings } from './get-reader-earnings';
import { getReaderStats } from './get-reader-stats';
import type { DirectoryCache } from './directory-cache';
import { listReaderSessions } from './list-reader-sessions';
import { getPublicFigures } from './public-figures';
import { getReaderSchedule, replaceReaderSchedule } from './reader-schedule';
import { isListedReader, selectListedReaders, toListedReader } from './reader-view';
import { type ReaderStatusHooks, updateMyReader } from './update-my-reader';

export async function readerRoutes(
  app: FastifyInstance,
  deps: {
    auth: Auth;
    db: Db;
    realtime: Realtime;
    clock: Clock;
    isProduction: boolean;
    directory: DirectoryCache;
  } & ReaderStatusHooks,
) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  // From the directory's cache (decision 042): the page is sent as kept, compressed once, and a
  // client that has it already (its ETag) gets 304, so the visitors' refetch every 30 s costs little.
  // The kept JSON (checked against readerListSchema when it was made) goes out as it is: declared on
  // the plain instance, whose reply sends text, with the query typed as the schema parses it.
  app.get<{ Querystring: DirectoryQuery }>(
    '/api/readers',
    { schema: { querystring: directoryQuerySchema, response: { 200: readerListSchema } } },
    async (request, reply) => {
      const page = await deps.directory.page(request.query, await readViewerId(deps.auth, request));
      reply.header('etag', page.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
      if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
      reply.type('application/json; charset=utf-8');
      const encoding = acceptedEncoding(request.headers['accept-encoding']);
      return encoding ? reply.header('content-encoding', encoding).send(page.encoded(encoding)) : reply.send(page.body);
    },
  );
  api.get('/api/public-figures', { schema: { response: { 200: publicFiguresSchema } } }, async () =>
    getPublicFigures(db),
  );
  api.get('/api/readers/specialties', { schema: { response: { 200: readerSpecialtiesSchema } } }, async () => ({
    specialties: await deps.directory.specialties(),
  }));

  const oneReader = { response: { 200: readerSchema } };
  const now = () => new Date(deps.clock.now());
  api.get('/api/readers/me', { onRequest: requireUser(deps.auth, 'reader'), schema: oneReader }, async (request) => {
    const [row] = await selectListedReaders(db, now()).where(eq(readerProfiles.userId, currentUser(request).id));
    if (!row) throw notFound('Reader profile not found');
    return toListedReader(row);
  });

  api.patch(
    '/api/readers/me',
    {
      onRequest: requireUser(deps.auth, 'reader'),
      schema: { body: updateMyReaderSchema, response: { 200: updatedReaderSchema } },
    },
    async (request) => updateMyReader(deps, currentUser(request).id, request.body),
  );

  // The reader dashboard's own figures and schedule: the signed-in reader's, never anyone else's.
  const readerOnly = requireUser(deps.auth, 'reader');
  api.get(
    '/api/readers/me/stats',
    { onRequest: readerOnly, schema: { response: { 200: readerStatsSchema } } },
    async (request) => getReaderStats(deps, currentUser(request).id),
  );
  api.get(
    '/api/readers/me/earnings',
    { onRequest: readerOnly, schema: { response: { 200: readerEarningsSchema } } },
    async (request) => getReaderEarnings(deps, currentUser(request).id),
  );
  api.get(
    '/api/readers/me/sessions',
    {
      onRequest: readerOnly,
      schema: { querystring: readerSessionsQuerySchema, response: { 200: readerSessionsPageSchema } },
    },
    async (request) => listReaderSessions(db, currentUser(request).id, request.query.page),
  );
  const schedule = { response: { 200: readerScheduleSchema } };
  api.get('/api/readers/me/availability', { onRequest: readerOnly, schema: schedule }, async (request) =>
    getReaderSchedule(db, currentUser(request).id),
  );
  api.put(
    '/api/readers/me/availability',
    { onRequest: readerOnly, schema: { body: updateScheduleSchema, ...schedule } },
    async (request) => replaceReaderSchedule(deps, currentUser(request).id, request.body),
  );

  api.get(
    '/api/readers/by-username/:username',
    { schema: { params: z.object({ username: z.string().min(1).max(100) }), ...oneReader } },
    async (request) => {
      const reader = await findReaderProfile(
        db,
        request.params.username,
        now(),
        await readViewerId(deps.auth, request),
      );
      if (!reader) throw notFound('Reader not found');
      return reader;
    },
  );

  api.get(
    '/api/readers/:id',
    { schema: { params: z.object({ id: z.string().min(1).max(100) }), ...oneReader } },
    async (request) => {
      const [row] = await selectListedReaders(db, now(), await readViewerId(deps.auth, request)).where(
        and(eq(readerProfiles.userId, request.params.id), isListedReader),
      );
      if (!row) throw notFound('Reader not found');
      return toListedReader(row);
    },
  );
}
