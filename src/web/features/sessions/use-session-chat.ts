import { CLIENT_EVENTS, SERVER_EVENTS } from '@shared/realtime';
import type { ChatMessage } from '@shared/sessions';
import { useQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { useServerEvent } from '@/lib/server-events';
import { useSocket } from '@/lib/socket';
import { AckError, emitWithAck } from '@/lib/socket-ack';
import { toast } from '@/lib/toast';
import { sessionMessagesQuery } from './api';
import type { ChatSendOutcome } from './components/chat-panel';

/** The reading's chat: the stored history, then each `new_message` of the room, in order and once. */
export function useSessionChat(sessionId: string) {
  const socket = useSocket();
  const history = useQuery(sessionMessagesQuery(sessionId));
  const [live, setLive] = useState<ChatMessage[]>([]);

  const add = (message: ChatMessage) =>
    setLive((current) => (current.some((m) => m.id === message.id) ? current : [...current, message]));

  useServerEvent(SERVER_EVENTS.newMessage, (message) => {
    if (message.sessionId === sessionId) add(message);
  });

  const messages = useMemo(() => {
    const seen = new Set<string>();
    return [...(history.data ?? []), ...live]
      .filter((message) => !seen.has(message.id) && seen.add(message.id))
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  }, [history.data, live]);

  const send = async (content: string): Promise<ChatSendOutcome> => {
    if (!socket) return { isSent: false, isMasked: false };
    try {
      const { message, masked } = await emitWithAck(socket, CLIENT_EVENTS.sessionMessage, {
        sessionId,
        content,
        type: 'text',
      });
      add(message);
      return { isSent: true, isMasked: masked };
    } catch (error) {
      toast.error('Failed to send message', { description: error instanceof AckError ? error.message : undefined });
      return { isSent: false, isMasked: false };
    }
  };

  return { messages, send };
}
