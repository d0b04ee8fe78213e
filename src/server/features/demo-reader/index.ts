/** The demo reader the server answers itself in demo mode (decision 041); background-workers.ts starts it. */
export { startDemoReader } from './demo-reader';
