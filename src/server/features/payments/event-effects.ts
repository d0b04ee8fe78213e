/**
 * What an event changed that people must hear of, gathered inside its transaction and told only
 * after it commits (a rolled-back credit must never reach a screen).
 */
export interface EventEffects {
  readonly now: Date;
  walletChanged(userId: string, balanceCents: number): void;
  /** A deposit was credited: a reading paused for funds may resume. */
  deposited(userId: string): void;
}

export function collectEffects(now: Date) {
  const wallets = new Map<string, number>();
  const depositors = new Set<string>();
  const effects: EventEffects = {
    now,
    walletChanged: (userId, balanceCents) => wallets.set(userId, balanceCents),
    deposited: (userId) => depositors.add(userId),
  };
  return { effects, wallets, depositors };
}
