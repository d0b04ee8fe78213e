export { AppointmentsTab } from './appointments-tab';
export { BookReadingSection } from './book-section';
