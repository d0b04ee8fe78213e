import { type ReaderApplicationInput, readerApplicationSchema } from '@shared/reader-applications';
import { z } from '@shared/zod-config';
import {
  dollarRateSchema,
  inputOfServerField,
  ratesInCents,
  specialtiesTextSchema,
  yearsTextSchema,
} from '@/lib/reader-profile-inputs';

const { shape } = readerApplicationSchema;

/**
 * What the applicant types: every field as its input holds it, each checked by the rule the server
 * applies (readerApplicationSchema) once rates turn from dollars into cents.
 */
export const applyFormSchema = z.object({
  firstName: shape.firstName,
  lastName: shape.lastName,
  email: shape.email,
  specialties: specialtiesTextSchema,
  yearsExperience: yearsTextSchema,
  bio: shape.bio,
  sampleReading: shape.sampleReading,
  chatRate: dollarRateSchema,
  audioRate: dollarRateSchema,
  videoRate: dollarRateSchema,
  acceptsReaderTerms: z.boolean().refine((accepted) => accepted, 'Please agree to the reader terms'),
});
export type ApplyFormInput = z.input<typeof applyFormSchema>;
export type ApplyFormOutput = z.output<typeof applyFormSchema>;
export type ApplyFormField = keyof ApplyFormInput;

export const emptyApplyForm: ApplyFormInput = {
  firstName: '',
  lastName: '',
  email: '',
  specialties: '',
  yearsExperience: '',
  bio: '',
  sampleReading: '',
  chatRate: '',
  audioRate: '',
  videoRate: '',
  acceptsReaderTerms: false,
};

export function toApplicationInput(values: ApplyFormOutput): ReaderApplicationInput {
  return { ...ratesInCents(values), acceptsReaderTerms: true };
}

/** The input a server field message belongs beside ('specialties.2' → specialties, rates by their cents name). */
export const applyFieldOf = (serverField: string) => inputOfServerField(serverField, emptyApplyForm);
