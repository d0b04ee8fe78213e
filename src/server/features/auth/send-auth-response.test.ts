import Fastify from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { authApi } from '@shared/api/auth';
import { type EndpointHandler, route } from '../../endpoint-route';
import { responseSerializer } from '../../response-serializer';
import { sendAuthResponse } from './routes';

/** Better Auth's answer to a session read, in a form its endpoint's schema does not foresee. */
const unforeseen = () =>
  new Response(JSON.stringify({ session: { id: 's1' }, user: { id: 'u1', somethingNew: true } }), {
    headers: { 'content-type': 'application/json' },
  });

async function appAnswering(handler: EndpointHandler<typeof authApi.getSession>) {
  const app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(responseSerializer);
  route({ app }, authApi.getSession, handler);
  await app.ready();
  return app;
}

describe('Better Auth’s answers', () => {
  it('pass through as Better Auth sent them, though the endpoint’s response schema would refuse them', async () => {
    const app = await appAnswering(async (_request, reply) => sendAuthResponse(reply, unforeseen()));
    const answer = await app.inject({ method: 'GET', url: authApi.getSession.path });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ session: { id: 's1' }, user: { id: 'u1', somethingNew: true } });
    await app.close();
  });

  it('where the same answer as an object would be checked by the serializer, and refused', async () => {
    const app = await appAnswering(async (_request, reply) => reply.send(await unforeseen().json()));
    expect((await app.inject({ method: 'GET', url: authApi.getSession.path })).statusCode).toBe(500);
    await app.close();
  });
});
