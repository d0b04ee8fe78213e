/**
 * The chatters of bench:live, in a process of their own with reconnection on, as the web app's
 * sockets are (web/lib/socket.ts): a chatter dropped during a join storm comes back and joins
 * again, and the bench says how many messages each one heard.
 */
import { io, type Socket } from 'socket.io-client';
import { chatStamp, type FromChatters, type ToChatters } from './protocol';

let chatters: { socket: Socket; heard: number }[] = [];
let reconnects = 0;
let streamId = '';
const reply = (message: FromChatters) => process.send?.(message);

function open(base: string, cookie: string, origin: string) {
  return new Promise<{ socket: Socket; heard: number }>((resolve) => {
    const socket = io(base, {
      transports: ['websocket', 'polling'],
      extraHeaders: { cookie, origin },
      reconnection: true,
      forceNew: true,
      timeout: 60_000,
    });
    const chatter = { socket, heard: 0 };
    let isFirst = true;
    socket.on('stream_chat', () => chatter.heard++);
    // Every (re)connection joins again: a room is lost with the connection it was joined on.
    socket.on('connect', async () => {
      if (!isFirst) reconnects++;
      await socket
        .timeout(60_000)
        .emitWithAck('join_stream', { streamId })
        .catch(() => undefined);
      if (isFirst) resolve(chatter);
      isFirst = false;
    });
  });
}

process.on('message', async (message: ToChatters) => {
  if (message.type === 'start') {
    streamId = message.streamId;
    chatters = await Promise.all(message.cookies.map((cookie) => open(message.base, cookie, message.origin)));
    reply({ type: 'ready', joined: chatters.length });
  } else if (message.type === 'send') {
    const acks = await Promise.all(
      chatters.map(({ socket }) =>
        socket
          .timeout(60_000)
          .emitWithAck('stream_message', { streamId, content: chatStamp(Date.now()) })
          .catch(() => ({ ok: false })),
      ),
    );
    reply({ type: 'sent', refused: acks.filter((ack: { ok: boolean }) => !ack.ok).length });
  } else if (message.type === 'report') {
    reply({ type: 'report', heardByChatter: chatters.map((c) => c.heard), reconnects });
    for (const chatter of chatters) chatter.heard = 0;
  } else {
    for (const { socket } of chatters) socket.disconnect();
    reply({ type: 'stopped' });
  }
});
