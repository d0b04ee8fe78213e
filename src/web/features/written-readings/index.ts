export { AskQuestionSection } from './ask-question-section';
export { MessagesTab } from './messages-tab';
