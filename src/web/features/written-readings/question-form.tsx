import { askWrittenReadingSchema, type SentWrittenReading } from '@shared/written-readings';
import { TextForm, type TextFormProps } from './text-form';

/** A question to a reader, checked by the server's own rule; loaded when the form shows (ask-question-section.tsx). */
export function QuestionForm(props: Omit<TextFormProps<SentWrittenReading>, 'rule'>) {
  return <TextForm {...props} rule={askWrittenReadingSchema.shape.question} />;
}
