import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { turnIceServers } from '../../src/server/features/sessions/turn-credentials';
import { apiContext, createReaderByApi, ok } from './admin-api';
import { expect, openCheckedContext, signInByApi, signUpByApi, test } from './fixtures';
import { expectMediaFlowing, recordPeerConnections } from './media-state';
import { E2E_TURN_SECRET, e2eTurnUrl } from './turn';

/**
 * TURN: readers and clients behind symmetric NATs reach each other only through a relay.
 * Here both browsers may use nothing else (`iceTransportPolicy: 'relay'`), so an audio reading
 * connects only if the app hands each of them a TURN credential that coturn accepts.
 */
const RELAY_ONLY = `(() => {
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Native {
    constructor(config = {}, ...rest) {
      super({ ...config, iceTransportPolicy: 'relay' }, ...rest);
    }
  };
})();`;

/** The local and remote candidate types of the page's connected call's chosen pair. */
const chosenPair = (page: Page) =>
  page.evaluate(`(async () => {
    const peer = (window.__peerConnections ?? []).filter((p) => p.connectionState === 'connected').at(-1);
    if (!peer) return 'not connected';
    const stats = [...(await peer.getStats()).values()];
    const transport = stats.find((s) => s.type === 'transport' && s.selectedCandidatePairId);
    const pair = stats.find((s) => s.id === transport?.selectedCandidatePairId);
    const type = (id) => stats.find((s) => s.id === id)?.candidateType;
    return pair ? type(pair.localCandidateId) + ' to ' + type(pair.remoteCandidateId) : 'no pair chosen';
  })()`);

test('an audio reading connects through TURN alone', async ({ page: client, browser, baseURL }) => {
  test.setTimeout(180_000);
  const reader = await createReaderByApi(baseURL!, { rateCents: 199, lastName: 'Relay' });
  const readerSide = await openCheckedContext(browser);
  for (const context of [client.context(), readerSide.context]) {
    await context.addInitScript(RELAY_ONLY);
    await recordPeerConnections(context);
  }
  await signInByApi(readerSide.page, reader.email, reader.password);
  await ok(reader.api.patch('/api/readers/me', { data: { isOnline: true } }));
  await readerSide.page.goto('/dashboard');

  const clientApi = await apiContext(baseURL!);
  const seeker = await signUpByApi(clientApi);
  await ok(
    clientApi.post('/api/payments/wallet-deposit', {
      data: { amountCents: 2000, paymentMethodId: 'pm_card_visa' },
      headers: { 'Idempotency-Key': randomUUID() },
    }),
  );
  await signInByApi(client, seeker.email, seeker.password);
  await client.goto(`/session/${reader.id}?type=audio`);
  await client.getByRole('button', { name: 'Confirm Audio Reading' }).click();
  await readerSide.page
    .getByRole('dialog', { name: 'New reading request' })
    .getByRole('button', { name: 'Accept' })
    .click();
  await expect(client).toHaveURL(/\/reading\//);
  const sessionId = client.url().split('/').pop()!;

  for (const side of [client, readerSide.page]) {
    await expectMediaFlowing(side, 'audio');
    await expect(side.getByTestId('call-status')).toHaveText('Connected');
    expect(await chosenPair(side)).toBe('relay to relay');
  }

  await ok(clientApi.post('/api/sessions/end', { data: { sessionId } }));
  await ok(reader.api.patch('/api/readers/me', { data: { isOnline: false } }));
  await Promise.all([clientApi.dispose(), reader.api.dispose()]);
});

test('coturn refuses an expired credential and accepts a fresh one', async ({ page }) => {
  await page.goto('/');
  const gather = (server: { urls: string; username: string; credential: string }) =>
    page.evaluate(async (iceServer) => {
      const peer = new RTCPeerConnection({ iceServers: [iceServer], iceTransportPolicy: 'relay' });
      const candidates: string[] = [];
      const errors: number[] = [];
      peer.onicecandidate = (event) => {
        if (event.candidate) candidates.push(event.candidate.type ?? 'unknown');
      };
      peer.onicecandidateerror = (event) => errors.push(event.errorCode);
      peer.createDataChannel('probe');
      await peer.setLocalDescription(await peer.createOffer());
      await new Promise<void>((resolve) => {
        if (peer.iceGatheringState === 'complete') resolve();
        peer.onicegatheringstatechange = () => peer.iceGatheringState === 'complete' && resolve();
      });
      peer.close();
      return { candidates, errors };
    }, server);
  const turn = { urls: [e2eTurnUrl(Number(new URL(page.url()).port))], secret: E2E_TURN_SECRET, ttlSeconds: 60 };
  const [expired] = turnIceServers(turn, 'someone', Date.now() - 120_000);
  expect(await gather(expired!)).toEqual({ candidates: [], errors: [401] });
  const [fresh] = turnIceServers(turn, 'someone', Date.now());
  expect((await gather(fresh!)).candidates).toContain('relay');
});
