/**
 * Contact details kept in the platform (decision 068): what other features use to mask what a user sends, and what
 * admins read of it.
 */
export {
  CONTACT_DETAILS_REPORT_REASON,
  keepMaskedOriginal,
  type MaskInput,
  maskForOthers,
  storeMaskedForOthers,
} from './mask-for-others';
export { MASKED_ORIGINALS_DAYS, type MaskedOriginal, maskedOriginalsOf } from './masked-originals';
