import { AUTOMATED_CHAT_ONLY_REASON, DEMO_READER_NOTE } from '@shared/reader-directory';
import { Bot } from 'lucide-react';

/** Said plainly wherever the demo reader appears (decision 041): nobody is typing the replies, so chat only. */
export function AutomatedReaderNote() {
  return (
    <div
      className="grid gap-1 rounded-lg border border-gold/40 bg-gold/10 p-3 text-sm"
      data-testid="automated-reader-note"
    >
      <p className="flex items-center gap-2 font-semibold text-gold">
        <Bot className="size-4 shrink-0" aria-hidden="true" />
        {DEMO_READER_NOTE}
      </p>
      <p className="text-muted-foreground">{AUTOMATED_CHAT_ONLY_REASON}</p>
    </div>
  );
}
