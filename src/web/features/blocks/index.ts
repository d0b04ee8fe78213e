/** What other features may use of blocks: the Block button (with its dialog) and the settings' list. */
export { BlockButton } from './block-button';
export { BlockedPeopleCard } from './blocked-people-card';
