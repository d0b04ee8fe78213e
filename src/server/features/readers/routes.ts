import { and, asc, eq, isNull } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { updateMyReaderSchema } from '@shared/sessions';
import { z } from '@shared/zod-config';
import type { Auth } from '../../auth/auth';
import type { Clock } from '../../clock';
import type { Db } from '../../db/client';
import { readerProfiles, user } from '../../db/schema';
import { notFound } from '../../errors';
import type { Realtime } from '../../realtime/realtime';
import { currentUser, requireUser } from '../auth/require-user';
import { selectReaders, toReader } from './reader-view';
import { updateMyReader } from './update-my-reader';

export async function readerRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db; realtime: Realtime; clock: Clock }) {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  api.get('/api/readers', async () => ({
    // A deactivated (suspended) reader leaves the directory and their profile page.
    readers: (await selectReaders(db).where(isNull(user.suspendedAt)).orderBy(asc(readerProfiles.firstName))).map((r) => toReader(r)),
  }));

  api.get('/api/readers/me', { onRequest: requireUser(deps.auth, 'reader') }, async (request) => {
    const [row] = await selectReaders(db).where(eq(readerProfiles.userId, currentUser(request).id));
    if (!row) throw notFound('Reader profile not found');
    return toReader(row);
  });

  api.patch('/api/readers/me', { onRequest: requireUser(deps.auth, 'reader'), schema: { body: updateMyReaderSchema } }, async (request) =>
    updateMyReader(deps, currentUser(request).id, request.body),
  );

  api.get('/api/readers/:id', { schema: { params: z.object({ id: z.string().min(1).max(100) }) } }, async (request) => {
    const [row] = await selectReaders(db).where(and(eq(readerProfiles.userId, request.params.id), isNull(user.suspendedAt)));
    if (!row) throw notFound('Reader not found');
    return toReader(row);
  });
}
