import type { Profile } from '@shared/auth';
import { DEMO_READER_NOTE } from '@shared/readers';
import { currentRateCents, type ReadingSession, type RtcConfig, walletRateCents } from '@shared/sessions';
import { useQueryClient } from '@tanstack/react-query';
import { Bot } from 'lucide-react';
import { useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { BlockButton } from '@/features/blocks';
import { ClientNotesDisclosure } from '@/features/client-notes';
// The one feature reached from another: topping up in place keeps the reading running (leaving this
// page would pause it and end it after a billing minute).
import { AddFundsDialog } from '@/features/wallet';
import { profileQueryKey, useProfile } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { useNow } from '@/lib/use-now';
import { CallControls } from './components/call-controls';
import { ChatPanel } from './components/chat-panel';
import { EndSessionDialog } from './components/end-session-dialog';
import { ExtendReading } from './components/extend-reading';
import { TopUpCountdown } from './components/funds-pause';
import { MediaStage } from './components/media-stage';
import { ReadingHeader } from './components/reading-header';
import { ReadingNotices } from './components/reading-notices';
import { SessionSummary } from './components/session-summary';
import {
  closedChatPlaceholder,
  formatCountdown,
  formatElapsed,
  hasMedia,
  isBelowOneMinute,
  isWithinRefundWindow,
  readingElapsedMs,
  secondsUntil,
} from './session-logic';
import { useReadingReminder } from './use-reading-reminder';
import { useReadingRoom } from './use-reading-room';
import { useSessionChat } from './use-session-chat';

const CHAT_PANEL_ID = 'reading-chat';

function AutomatedReaderNote() {
  return (
    <p
      className="flex items-center gap-2 rounded-lg border border-gold/40 bg-gold/10 p-3 text-sm font-semibold text-gold"
      data-testid="automated-reader-note"
    >
      <Bot className="size-4 shrink-0" aria-hidden="true" />
      {DEMO_READER_NOTE}
    </p>
  );
}

/** Add Funds while a reading is paused for them, with the time left before it ends. */
function FundsPauseTopUp({
  open,
  countdown,
  onOpenChange,
}: {
  open: boolean;
  countdown: string | null;
  onOpenChange: (open: boolean) => void;
}) {
  const queryClient = useQueryClient();
  return (
    <AddFundsDialog
      open={open}
      onOpenChange={(isOpen) => {
        onOpenChange(isOpen);
        // A deposit's answer carries the balance before the resumed minute was charged (and
        // may land after that charge's wallet_updated): the server's current figure wins.
        if (!isOpen) void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      }}
      notice={countdown === null ? null : <TopUpCountdown countdown={countdown} />}
    />
  );
}

export function ReadingRoom({
  initialSession,
  me,
  rtcConfig,
}: {
  initialSession: ReadingSession;
  me: Profile;
  rtcConfig: RtcConfig | undefined;
}) {
  const room = useReadingRoom(initialSession, me, rtcConfig);
  const { session, isClient, callStatus, billing, ended, media, call } = room;
  const chat = useSessionChat(session.id);
  useReadingReminder(session.id, isClient);
  const { data: profile } = useProfile();
  const [isChatOpen, setIsChatOpen] = useState(true);
  const [seenMessages, setSeenMessages] = useState(0);
  const [isEndDialogOpen, setIsEndDialogOpen] = useState(false);
  const [isEnding, setIsEnding] = useState(false);
  // The Add Funds dialog opens by itself on each pause for funds; closed, it stays closed for that pause.
  const [topUpDismissedFor, setTopUpDismissedFor] = useState<string | null>(null);

  const fundsPauseEndsAt = room.isPaused && session.pauseReason === 'insufficient_funds' ? session.resumeBy : null;
  // The timer runs while the server's meter does (not while this page's call happens to be up), and
  // holds still during a pause (SPEC.md §4); the countdown has its own clock and does not.
  const isMeterRunning = session.status === 'active' && !room.isPaused && !ended;
  const now = useNow(isMeterRunning || isEndDialogOpen);
  const pauseNow = useNow(fundsPauseEndsAt !== null);
  const topUpCountdown = fundsPauseEndsAt ? formatCountdown(secondsUntil(fundsPauseEndsAt, pauseNow)) : null;
  const isTopUpOpen = isClient && topUpCountdown !== null && topUpDismissedFor !== session.pausedAt;
  const elapsedMs = readingElapsedMs(
    session,
    now,
    rtcConfig && { minutesCharged: billing.minutesCharged, billingMinuteMs: rtcConfig.billingMinuteMs },
  );

  const other = isClient ? session.reader : session.client;
  // Cash and the promotional credit that pays first (decision 066): the reading runs on both.
  const owner = profile ?? me;
  const balanceCents = owner.walletBalanceCents + owner.creditCents;
  const rate = currentRateCents({
    ratePerMinuteCents: session.ratePerMinuteCents,
    minutesCharged: billing.minutesCharged,
    booking: session.booking,
  });
  const walletRate = walletRateCents(session);
  const isMediaReading = hasMedia(session.sessionType);
  const isOpen = !ended;
  // The server relays messages only while the reading runs: active and not paused.
  const canSendMessages = isOpen && session.status === 'active' && !room.isPaused;
  const isMuted = media?.isMuted ?? false;
  const isCameraOff = media?.isCameraOff ?? false;
  const unread = isChatOpen ? 0 : Math.max(0, chat.messages.length - seenMessages);

  const toggleChat = () => {
    setSeenMessages(chat.messages.length);
    setIsChatOpen((open) => !open);
  };

  const confirmEnd = async (refundRequested: boolean) => {
    setIsEndDialogOpen(false);
    setIsEnding(true);
    await room.end(refundRequested);
    setIsEnding(false);
  };

  const chatPanel = (
    <ChatPanel
      id={CHAT_PANEL_ID}
      messages={chat.messages}
      myUserId={me.id}
      canSend={canSendMessages}
      closedPlaceholder={closedChatPlaceholder({
        isFundsPause: topUpCountdown !== null,
        isPaused: room.isPaused,
        status: session.status,
      })}
      onSend={chat.send}
      className={isMediaReading ? 'h-[26rem] lg:h-auto' : 'h-[min(36rem,calc(100dvh-16rem))]'}
    />
  );

  return (
    <div className="mx-auto flex w-full max-w-7xl flex-col gap-4 px-4 py-6 sm:px-6">
      <title>{`Reading with ${other.name} · Soul Tribe`}</title>
      <ReadingHeader
        otherName={other.name}
        otherAvatarUrl={other.avatarUrl}
        otherRole={isClient ? 'reader' : 'client'}
        callStatus={callStatus}
        sessionType={session.sessionType}
        ratePerMinuteCents={rate}
        elapsed={formatElapsed(elapsedMs)}
        costCents={billing.totalCostCents}
        wallet={
          isClient
            ? {
                kind: 'balance',
                cents: balanceCents,
                isLow: walletRate !== null && isBelowOneMinute(balanceCents, walletRate),
                withCredit: owner.creditCents > 0,
              }
            : {
                kind: 'earnings',
                cents: billing.readerEarningsCents,
                isRefunded: (ended?.event.refundedCents ?? 0) > 0,
              }
        }
        actions={
          <BlockButton
            userId={isClient ? session.readerId : session.clientId}
            name={other.name}
            theirRole={isClient ? 'reader' : 'client'}
            isLabelHidden
            className="-my-1 -mr-2 shrink-0"
          />
        }
      />

      {session.isReaderAutomated ? <AutomatedReaderNote /> : null}
      {room.mediaError && isOpen ? <Alert>{room.mediaError}</Alert> : null}

      {ended ? (
        <>
          <SessionSummary session={session} ended={ended} isClient={isClient} />
          {/* Right after a reading is when a reader has the most to note down for next time. */}
          {isClient ? null : <ClientNotesDisclosure clientId={session.clientId} clientName={other.name} defaultOpen />}
        </>
      ) : (
        <>
          {session.booking && session.status === 'active' ? (
            <ExtendReading
              booking={session.booking}
              isClient={isClient}
              otherName={other.name}
              minutesCharged={billing.minutesCharged}
              isExtending={room.extension.isExtending}
              onExtend={() => void room.extension.extend()}
            />
          ) : null}
          <ReadingNotices
            session={session}
            isClient={isClient}
            balanceCents={balanceCents}
            walletRateCents={walletRate}
            topUpCountdown={topUpCountdown}
            isPaused={room.isPaused}
            isOtherPresent={room.isOtherPresent}
            otherName={other.name}
            onAddFunds={() => setTopUpDismissedFor(null)}
          />
          {/* The reader's private notes: beside the reading on a large screen, folded above it on a phone. */}
          <div className={cn('grid gap-4', !isClient && 'lg:grid-cols-[minmax(0,1fr)_20rem] lg:items-start')}>
            {isClient ? null : (
              <aside className="lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1" aria-label="Your notes">
                <ClientNotesDisclosure clientId={session.clientId} clientName={other.name} defaultOpen="wide" />
              </aside>
            )}
            <div className="grid min-w-0 gap-4 lg:col-start-1 lg:row-start-1">
              <div className={cn('grid gap-4', isMediaReading && isChatOpen && 'lg:grid-cols-[minmax(0,1fr)_22rem]')}>
                {isMediaReading ? (
                  <div className="flex flex-col gap-4">
                    <MediaStage
                      sessionType={session.sessionType === 'video' ? 'video' : 'audio'}
                      callStatus={callStatus}
                      otherName={other.name}
                      otherAvatarUrl={other.avatarUrl}
                      isOtherPresent={room.isOtherPresent}
                      remoteStream={media?.remoteStream ?? null}
                      localStream={call?.localStream ?? null}
                      isCameraOff={isCameraOff}
                    />
                    <CallControls
                      media={{
                        isMuted,
                        onToggleMute: () => call?.setMuted(!isMuted),
                        camera:
                          session.sessionType === 'video'
                            ? { isOff: isCameraOff, onToggle: () => call?.setCameraOff(!isCameraOff) }
                            : undefined,
                      }}
                      chat={{ isOpen: isChatOpen, panelId: CHAT_PANEL_ID, unread, onToggle: toggleChat }}
                      onEnd={() => setIsEndDialogOpen(true)}
                      isEnding={isEnding}
                    />
                  </div>
                ) : null}
                {isChatOpen || !isMediaReading ? chatPanel : null}
              </div>
              {isMediaReading ? null : <CallControls onEnd={() => setIsEndDialogOpen(true)} isEnding={isEnding} />}
            </div>
          </div>
          <EndSessionDialog
            open={isEndDialogOpen}
            onOpenChange={setIsEndDialogOpen}
            canAskRefund={
              isClient &&
              session.status === 'active' &&
              rtcConfig !== undefined &&
              isWithinRefundWindow(session.startedAt, now, rtcConfig.billingMinuteMs)
            }
            onConfirm={confirmEnd}
          />
          {isClient ? (
            <FundsPauseTopUp
              open={isTopUpOpen}
              countdown={topUpCountdown}
              onOpenChange={(open) => setTopUpDismissedFor(open ? null : session.pausedAt)}
            />
          ) : null}
        </>
      )}
    </div>
  );
}
