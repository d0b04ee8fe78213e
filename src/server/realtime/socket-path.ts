/** Where Socket.IO answers: its handshake, polling and WebSocket upgrades all start with it. */
export const SOCKET_IO_PATH = '/socket.io';
