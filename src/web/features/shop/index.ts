/** What other features may use of the shop: the reader's own products and the orders a seller ships. */
export { MyProducts } from './my-products';
export { SalesList } from './sales-list';
