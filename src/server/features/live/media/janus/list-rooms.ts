import { z } from 'zod';
import type { JanusConnection } from './janus-api';
import { withVideoRoom } from './video-room-handle';

const listSchema = z.object({
  list: z.array(z.looseObject({ room: z.number(), description: z.string(), num_participants: z.number() })),
});

export interface ListedRoom {
  room: number;
  description: string;
  /** Publishers in the room (Janus does not count subscribers here). */
  participants: number;
}

/** Every room of the VideoRoom plugin that is not private, which the stream rooms never are. */
export async function listRooms(janus: JanusConnection): Promise<ListedRoom[]> {
  const reply = await withVideoRoom(janus, (request) => request({ request: 'list' }));
  return listSchema
    .parse(reply)
    .list.map(({ room, description, num_participants }) => ({ room, description, participants: num_participants }));
}
