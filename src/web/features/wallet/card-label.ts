/** How a saved card is named everywhere: 'Visa ending 4242 (expires 12/30)'. */
export const cardLabel = (card: { brand: string; last4: string; expMonth: number; expYear: number }) =>
  `${card.brand.charAt(0).toUpperCase()}${card.brand.slice(1)} ending ${card.last4} (expires ${String(card.expMonth).padStart(2, '0')}/${String(card.expYear).slice(-2)})`;
