/** What other features may use of auth's pages: form parts. */
export { FormRootError } from './form-parts';
