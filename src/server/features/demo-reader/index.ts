/** The demo reader the server answers itself in demo mode (issue 30); app.ts starts it. */
export { startDemoReader } from './demo-reader';
