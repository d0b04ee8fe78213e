/** What other features may use of auth: who is signed in, role guards, and accounts the server makes. */
export { createUserWithPassword, type OnUserCreated } from './create-user';
export {
  type AdminCandidate,
  assertAdminPower,
  currentUser,
  readSessionUser,
  readViewerId,
  requireUser,
  seesAsAdmin,
  type SessionUser,
  signInGuardRoles,
} from './require-user';
