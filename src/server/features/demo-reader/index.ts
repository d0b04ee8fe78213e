/** The demo reader the server answers itself in demo mode (issue 30); background-workers.ts starts it. */
export { startDemoReader } from './demo-reader';
