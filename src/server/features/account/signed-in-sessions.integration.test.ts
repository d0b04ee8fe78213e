import { describe, expect, it } from 'vitest';
import { createClient, signIn } from '../../../../tests/integration/factories';
import { http } from '../../../../tests/integration/http';
import { testApp } from '../../../../tests/integration/test-app';

const app = await testApp({ runMailWorker: false });

const signInFrom = async (email: string, password: string, userAgent: string) => {
  const response = await app.app.inject({
    method: 'POST',
    url: '/api/auth/sign-in/email',
    headers: { origin: 'http://localhost:5000', 'content-type': 'application/json', 'user-agent': userAgent },
    payload: JSON.stringify({ email, password }),
  });
  return [response.headers['set-cookie']]
    .flat()
    .map((c) => String(c).split(';')[0])
    .join('; ');
};

describe('where you are signed in', () => {
  it('lists each device without its token, this one first, and signs one out', async () => {
    const client = await createClient(app);
    const phone = await signInFrom(
      client.email,
      client.password,
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) Safari/604.1',
    );
    const listed = await http(app, client.cookie).get('/api/account/sessions');
    expect(listed.status).toBe(200);
    expect(listed.body.sessions).toHaveLength(2);
    expect(listed.body.sessions[0].isCurrent).toBe(true);
    const other = listed.body.sessions[1];
    expect(other).toMatchObject({ isCurrent: false, userAgent: expect.stringContaining('iPhone') });
    expect(JSON.stringify(listed.body)).not.toMatch(/token/i);

    expect((await http(app, client.cookie).post(`/api/account/sessions/${other.id}/sign-out`)).status).toBe(204);
    expect((await http(app, phone).get('/api/auth/profile')).body).toBeNull();
    expect((await http(app, client.cookie).get('/api/auth/profile')).body).toMatchObject({ id: client.id });
  });

  it("cannot sign out someone else's session", async () => {
    const mine = await createClient(app);
    const theirs = await createClient(app);
    const [their] = (await http(app, theirs.cookie).get('/api/account/sessions')).body.sessions;
    expect((await http(app, mine.cookie).post(`/api/account/sessions/${their.id}/sign-out`)).status).toBe(404);
    expect((await http(app, theirs.cookie).get('/api/auth/profile')).body).toMatchObject({ id: theirs.id });
  });

  it('signs out everywhere, this device too', async () => {
    const client = await createClient(app);
    const laptop = await signIn(app, client.email, client.password);
    expect((await http(app, client.cookie).post('/api/account/sessions/sign-out-everywhere')).status).toBe(204);
    expect((await http(app, client.cookie).get('/api/auth/profile')).body).toBeNull();
    expect((await http(app, laptop).get('/api/auth/profile')).body).toBeNull();
  });
});
