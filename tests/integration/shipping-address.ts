import type { ShippingAddress } from '../../src/shared/shipping';

/** A valid address for orders with physical items (decision 043: they need one). */
export const TEST_ADDRESS: ShippingAddress = {
  name: 'Luna Moon',
  street: '12 Star Lane',
  city: 'Portland',
  region: 'Oregon',
  postalCode: '97201',
  country: 'United States',
};
