/** What other parts of the server use of payments: its routes and the webhook's event types. */
export { paymentRoutes, STRIPE_WEBHOOK_PATH } from './routes';
export { HANDLED_EVENT_TYPES } from './stripe-webhook';
