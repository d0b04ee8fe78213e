import { firstNameOf } from '../readers';

/** Only a first name reaches a stream's room and its public leaderboard, as with readers' clients. */
export const publicName = (name: string | null) => firstNameOf(name) ?? 'Anonymous';
