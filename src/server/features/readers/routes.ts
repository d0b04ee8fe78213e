import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { readersApi } from '@shared/api/readers';
import type { Auth } from '../../auth/auth';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { route } from '../../endpoint-route';
import { readerProfiles } from '../../db/schema';
import { notFound } from '../../errors';
import { acceptedEncoding, matchesEtag } from '../../http-caching';
import type { Realtime } from '../../realtime/realtime';
import { currentUser, readViewerId } from '../auth';
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
  const api = { app, auth: deps.auth };
  const { db } = deps;

  // From the directory's cache (decision 042): the page is sent as kept, compressed once, and a
  // client that has it already (its ETag) gets 304, so the visitors' refetch every 30 s costs little.
  // The kept JSON (checked against readerListSchema when it was made) goes out as it is: the reply
  // is taken as Fastify's plain one, which sends text and a 304 the endpoint's answers do not list.
  route(api, readersApi.directory, async (request, reply: FastifyReply) => {
    const page = await deps.directory.page(request.query, await readViewerId(deps.auth, request));
    reply.header('etag', page.etag).header('cache-control', 'no-cache').header('vary', 'accept-encoding');
    if (matchesEtag(request.headers['if-none-match'], page.etag)) return reply.code(304).send();
    reply.type('application/json; charset=utf-8');
    const encoding = acceptedEncoding(request.headers['accept-encoding']);
    return encoding ? reply.header('content-encoding', encoding).send(page.encoded(encoding)) : reply.send(page.body);
  });
  route(api, readersApi.publicFigures, async () => getPublicFigures(db));
  route(api, readersApi.specialties, async () => ({ specialties: await deps.directory.specialties() }));

  const now = () => new Date(deps.clock.now());
  route(api, readersApi.me, async (request) => {
    const [row] = await selectListedReaders(db, now()).where(eq(readerProfiles.userId, currentUser(request).id));
    if (!row) throw notFound('Reader profile not found');
    return toListedReader(row);
  });

  route(api, readersApi.updateMe, async (request) => updateMyReader(deps, currentUser(request).id, request.body));

  route(api, readersApi.stats, async (request) => getReaderStats(deps, currentUser(request).id));
  route(api, readersApi.earnings, async (request) => getReaderEarnings(deps, currentUser(request).id));
  route(api, readersApi.sessions, async (request) =>
    listReaderSessions(db, currentUser(request).id, request.query.page),
  );
  route(api, readersApi.schedule, async (request) => getReaderSchedule(db, currentUser(request).id));
  route(api, readersApi.setSchedule, async (request) =>
    replaceReaderSchedule(deps, currentUser(request).id, request.body),
  );

  route(api, readersApi.byUsername, async (request) => {
    const reader = await findReaderProfile(db, request.params.username, now(), await readViewerId(deps.auth, request));
    if (!reader) throw notFound('Reader not found');
    return reader;
  });

  route(api, readersApi.byId, async (request) => {
    const [row] = await selectListedReaders(db, now(), await readViewerId(deps.auth, request)).where(
      and(eq(readerProfiles.userId, request.params.id), isListedReader),
    );
    if (!row) throw notFound('Reader not found');
    return toListedReader(row);
  });
}
