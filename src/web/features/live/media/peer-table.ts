/**
 * The broadcaster's viewers, one entry per viewer socket (peer), each on the watch it answered.
 * Pure bookkeeping, so the cap and the stale-signal rules are tested without a browser.
 */
export type WatchDecision = { kind: 'offer'; replaces: boolean } | { kind: 'full' };

export class PeerTable<T> {
  private readonly peers = new Map<string, { watchId: string; value: T }>();

  constructor(private readonly maxViewers: number) {}

  get size(): number {
    return this.peers.size;
  }

  /** A `watch`: a viewer already served starts over (never counted twice); a new one fits under the cap or is full. */
  decide(peerId: string): WatchDecision {
    if (this.peers.has(peerId)) return { kind: 'offer', replaces: true };
    return this.peers.size < this.maxViewers ? { kind: 'offer', replaces: false } : { kind: 'full' };
  }

  set(peerId: string, watchId: string, value: T): void {
    this.peers.set(peerId, { watchId, value });
  }

  /** The peer's connection, only for signals of the watch it serves now (older ones are stale). */
  current(peerId: string, watchId: string): T | undefined {
    const entry = this.peers.get(peerId);
    return entry?.watchId === watchId ? entry.value : undefined;
  }

  get(peerId: string): T | undefined {
    return this.peers.get(peerId)?.value;
  }

  /** Removes the peer only if `value` is still its connection (a replaced one must not remove its successor). */
  delete(peerId: string, value?: T): boolean {
    const entry = this.peers.get(peerId);
    if (!entry || (value !== undefined && entry.value !== value)) return false;
    return this.peers.delete(peerId);
  }

  values(): T[] {
    return [...this.peers.values()].map((entry) => entry.value);
  }

  clear(): void {
    this.peers.clear();
  }
}
