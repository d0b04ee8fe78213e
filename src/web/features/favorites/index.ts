/** What other features may use of favorites: the heart button and the dashboard's favorites. */
export { favoritesDashboardQuery, useLiveFavoritePresence } from './api';
export { FavoriteButton } from './favorite-button';
