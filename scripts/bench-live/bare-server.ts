/**
 * bench:live's baseline: a bare Socket.IO server in a process of its own, with a join handler that
 * does the least a join can (the room, then the ack). No session lookup, no database: what any
 * Socket.IO join costs on this machine, so the app's figure can be read as a ratio of it.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { cpuStats, type FromBare, type ToBare } from './protocol';

const reply = (message: FromBare) => process.send?.(message);
const http = createServer();
const io = new Server(http, { serveClient: false });
io.on('connection', (socket) => {
  socket.on('join_stream', (payload: { streamId: string }, ack: (answer: object) => void) => {
    void socket.join(`stream:${payload.streamId}`);
    ack({ ok: true, peerId: socket.id });
  });
});
http.listen(0, '127.0.0.1', () => reply({ type: 'listening', port: (http.address() as AddressInfo).port }));
process.on('message', (message: ToBare) => {
  if (message.type === 'stats') reply({ type: 'stats', ...cpuStats() });
  else io.close(() => reply({ type: 'closed' }));
});
