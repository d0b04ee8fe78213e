/** The reference of every ledger transfer of a reading (its minutes, refunds and releases). */
export const sessionReference = (sessionId: string) => `session:${sessionId}`;
/** A minute's charge is keyed by (session, minute), so it is made once whatever retries. */
export const minuteChargeKey = (sessionId: string, minute: number) => `session:${sessionId}:minute:${minute}`;
