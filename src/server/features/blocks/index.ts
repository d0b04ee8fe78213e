/** What other features may use of blocks: whether two people may deal with each other, and the routes. */
export { assertNotBlocked, isBlockedBetween, notBlockedSql } from './blocked-between';
export type { BlockDeps, BlockPair } from './deps';
export { blockRoutes } from './routes';
