import { desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { createReaderSchema } from '@shared/readers';
import type { Auth } from '../../auth/auth';
import type { Db } from '../../db/client';
import { readerProfiles } from '../../db/schema';
import { requireUser } from '../auth/require-user';
import { createReader } from '../readers/create-reader';
import { selectReaders, toReader } from '../readers/reader-view';

export async function adminRoutes(app: FastifyInstance, deps: { auth: Auth; db: Db }) {
  const { auth, db } = deps;
  const api = app.withTypeProvider<ZodTypeProvider>();
  const adminOnly = requireUser(auth, 'admin');

  api.post('/api/admin/readers', { onRequest: adminOnly, schema: { body: createReaderSchema } }, async (request, reply) => {
    const { id } = await createReader(db, request.body);
    const [row] = await selectReaders(db).where(eq(readerProfiles.userId, id));
    return reply.status(201).send(toReader(row!, { includeEmail: true }));
  });

  api.get('/api/admin/readers', { onRequest: adminOnly }, async () => {
    const rows = await selectReaders(db).orderBy(desc(readerProfiles.createdAt));
    return { readers: rows.map((r) => toReader(r, { includeEmail: true })) };
  });
}
