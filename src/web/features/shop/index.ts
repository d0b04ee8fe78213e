/** What other features may use of the shop: the reader's own products. */
export { MyProducts } from './my-products';
