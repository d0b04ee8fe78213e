import { CLIENT_EVENTS, newMessageEventSchema, SERVER_EVENTS } from '@shared/realtime';
import { type ChatMessage, chatMessageSchema } from '@shared/sessions';
import { z } from '@shared/zod-config';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { toast } from 'sonner';
import { useSocket, useSocketEvent } from '@/lib/socket';
import { sessionMessagesQuery } from './api';
import { AckError, emitWithAck } from './socket-ack';

const messageAckSchema = z.object({ ok: z.literal(true), message: chatMessageSchema });

/** The reading's chat: the stored history, then each `new_message` of the room, in order and once. */
export function useSessionChat(sessionId: string) {
  const socket = useSocket();
  const history = useQuery(sessionMessagesQuery(sessionId));
  const [live, setLive] = useState<ChatMessage[]>([]);

  const add = (message: ChatMessage) => setLive((current) => (current.some((m) => m.id === message.id) ? current : [...current, message]));

  useSocketEvent(SERVER_EVENTS.newMessage, (payload) => {
    const parsed = newMessageEventSchema.safeParse(payload);
    if (parsed.success && parsed.data.sessionId === sessionId) add(parsed.data);
  });

  const messages = useMemo(() => {
    const seen = new Set<string>();
    return [...(history.data ?? []), ...live]
      .filter((message) => !seen.has(message.id) && seen.add(message.id))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }, [history.data, live]);

  const send = async (content: string): Promise<boolean> => {
    if (!socket) return false;
    try {
      const { message } = await emitWithAck(socket, CLIENT_EVENTS.sessionMessage, { sessionId, content, type: 'text' }, messageAckSchema);
      add(message);
      return true;
    } catch (error) {
      toast.error('Failed to send message', { description: error instanceof AckError ? error.message : undefined });
      return false;
    }
  };

  return { messages, send };
}
