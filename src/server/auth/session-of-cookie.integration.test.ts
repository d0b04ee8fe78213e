import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { createAdmin, createClient, createReader } from '../../../tests/integration/factories';
import { http } from '../../../tests/integration/http';
import { testApp } from '../../../tests/integration/test-app';
import { session } from '../db/schema';
import { readSessionUser, readSessionUserRenewing } from '../features/auth/require-user';

const app = await testApp();

/** Who Better Auth's getSession says a Cookie header signs in, and who the one-statement read says. */
async function bothReads(cookie: string | undefined) {
  const fast = await readSessionUser(app.auth, { cookie });
  const betterAuth = (await readSessionUserRenewing(app.auth, { cookie })).user;
  return { fast, betterAuth };
}

const tokenOf = (cookie: string) => decodeURIComponent(cookie.slice(cookie.indexOf('=') + 1)).split('.')[0] ?? '';

describe('the session of a Cookie header, read in one statement', () => {
  it('signs in the same person as Better Auth for each role, with their session, role and two-factor state', async () => {
    for (const person of [await createClient(app), await createReader(app), await createAdmin(app)]) {
      const { fast, betterAuth } = await bothReads(person.cookie);
      expect(fast).not.toBeNull();
      expect(fast).toEqual(betterAuth);
      expect(fast!.id).toBe(person.id);
    }
  });

  it('finds the session cookie among others, and takes the first of two with its name as Better Auth does', async () => {
    const first = await createClient(app);
    const second = await createClient(app);
    const [name] = first.cookie.split('=');
    const headers = [
      `theme=dark; ${first.cookie}; lang=en`,
      `${first.cookie};${second.cookie}`,
      `${name}=garbage; ${second.cookie}`,
    ];
    for (const header of headers) {
      const { fast, betterAuth } = await bothReads(header);
      expect(fast?.id ?? null, header).toBe(betterAuth?.id ?? null);
    }
    expect((await readSessionUser(app.auth, { cookie: headers[1] }))?.id).toBe(first.id);
  });

  it('signs in no one once the session is signed out, expired, or its signature altered', async () => {
    const signedOut = await createClient(app);
    expect((await http(app, signedOut.cookie).post('/api/auth/sign-out', {})).status).toBe(200);
    expect(await bothReads(signedOut.cookie)).toEqual({ fast: null, betterAuth: null });

    const expired = await createClient(app);
    await app.db
      .update(session)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(session.token, tokenOf(expired.cookie)));
    // Better Auth deletes an expired session as it reads it: the fast read goes first.
    expect(await readSessionUser(app.auth, { cookie: expired.cookie })).toBeNull();
    expect((await readSessionUserRenewing(app.auth, { cookie: expired.cookie })).user).toBeNull();

    const forged = await createClient(app);
    const other = await createClient(app);
    const [name] = forged.cookie.split('=');
    // The token of one session with the signature of another.
    const otherSignature = decodeURIComponent(other.cookie.slice(other.cookie.indexOf('=') + 1)).split('.')[1];
    const mixed = `${name}=${encodeURIComponent(`${tokenOf(forged.cookie)}.${otherSignature}`)}`;
    expect(await bothReads(mixed)).toEqual({ fast: null, betterAuth: null });
    // An unsigned token.
    expect(await bothReads(`${name}=${tokenOf(forged.cookie)}`)).toEqual({ fast: null, betterAuth: null });
    expect(await bothReads(undefined)).toEqual({ fast: null, betterAuth: null });
  });

  it('agrees with Better Auth on any alteration of a signed-in Cookie header (property)', async () => {
    const person = await createClient(app);
    const header = person.cookie;
    await fc.assert(
      fc.asyncProperty(
        fc.oneof(
          // One character replaced anywhere: the name, the token, the signature, the separators.
          fc
            .record({
              at: fc.nat({ max: header.length - 1 }),
              by: fc.constantFrom('a', 'Z', '0', '.', '=', ';', ' ', '%', '+', '/'),
            })
            .map(({ at, by }) => header.slice(0, at) + by + header.slice(at + 1)),
          // Cut short, or with something after it.
          fc.nat({ max: header.length }).map((length) => header.slice(0, length)),
          fc.string({ maxLength: 20 }).map((tail) => header + tail),
          fc.string({ maxLength: 60 }),
        ),
        async (cookie) => {
          const { fast, betterAuth } = await bothReads(cookie);
          expect(fast?.id ?? null, cookie).toBe(betterAuth?.id ?? null);
        },
      ),
      { numRuns: 60, seed: 47 },
    );
  });
});
