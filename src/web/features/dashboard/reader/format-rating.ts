/** "4.7 / 5", or 'New' before the first review. */
export const formatRating = (averageRating: number | null) =>
  averageRating === null ? 'New' : `${averageRating.toFixed(1)} / 5`;
