// A reading page in its own process: it joins the session room and prints the ack, after which
// the test freezes it with SIGSTOP (the connection stays open, nothing answers).
import { io } from 'socket.io-client';

const [url, cookie, origin, sessionId] = process.argv.slice(2);
const socket = io(url, {
  path: '/socket.io',
  transports: ['websocket'],
  extraHeaders: { cookie, origin },
  reconnection: false,
});
socket.on('connect', async () => {
  const ack = await socket.timeout(5000).emitWithAck('join_session_room', { sessionId });
  process.stdout.write(`${JSON.stringify({ ok: ack.ok })}\n`);
});
socket.on('connect_error', (error) => {
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
});
