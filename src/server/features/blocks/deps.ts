import type { Clock } from '../../clock';
import type { Db, Tx } from '../../db/client';

/** The two sides of a block: who blocked and who was blocked. */
export interface BlockPair {
  blockerId: string;
  blockedId: string;
}

export interface BlockDeps {
  db: Db;
  clock: Clock;
  /**
   * Releases what is held between the two, in the block's transaction (a booking, a written
   * question: in full), and returns how to tell them after commit.
   */
  releaseHeld: (tx: Tx, pair: BlockPair, now: Date) => Promise<() => Promise<void>>;
  /** Ends what runs between them now (a requested or running reading, a place in a queue), after the block is committed. */
  endOpen: (pair: BlockPair) => Promise<void>;
}
