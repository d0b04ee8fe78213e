import { zodResolver } from '@hookform/resolvers/zod';
import type { Reader } from '@shared/readers';
import { ASK_BY_MESSAGE_LABEL, WRITTEN_READING_ANSWER_HOURS } from '@shared/written-readings';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { selectClassName } from '@/components/ui/native-select';
import { useSaveMyReader } from './use-save-my-reader';
import {
  toWrittenReadingField,
  toWrittenReadingForm,
  type WrittenReadingFormInput,
  type WrittenReadingFormOutput,
  writtenReadingFormSchema,
} from './written-reading-form';

/** Settings: the reader's offer of written readings (decision 047), saved with PATCH /api/readers/me. */
export function WrittenReadingsCard({ reader }: { reader: Reader }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<WrittenReadingFormInput, unknown, WrittenReadingFormOutput>({
    resolver: zodResolver(writtenReadingFormSchema),
    defaultValues: toWrittenReadingForm(reader),
  });
  const save = useSaveMyReader({
    reset,
    setError,
    toForm: toWrittenReadingForm,
    toField: toWrittenReadingField,
    savedMessage: (updated) =>
      updated.writtenReadingPriceCents === null ? 'Written questions turned off' : 'Written questions saved',
    failedMessage: 'Failed to save written questions',
  });
  const price = { id: 'written-price', error: errors.price?.message };
  const hours = { id: 'written-hours', error: errors.answerHours?.message };
  return (
    <Card>
      <CardHeader>
        <CardTitle>Written readings</CardTitle>
        <CardDescription>
          Clients pay a fixed price to ask you one question by message ('{ASK_BY_MESSAGE_LABEL}' on your profile). You
          earn 70% when you answer in time; unanswered, the client is refunded in full.
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form
          className="grid max-w-2xl gap-5"
          aria-label="Written readings settings"
          noValidate
          onSubmit={handleSubmit((input) => save.mutate(input))}
        >
          <label className="flex items-center gap-3 font-semibold">
            <input type="checkbox" className="size-5 accent-primary" {...register('isOffered')} />
            Take written questions
          </label>
          <div className="grid gap-5 sm:grid-cols-2">
            <FormField id={price.id} label="Price per question ($)" error={price.error} hint="$5.00 to $100.00">
              <Input
                inputMode="decimal"
                placeholder="15.00"
                {...fieldAria(price.id, price.error, 'hint')}
                {...register('price')}
              />
            </FormField>
            <FormField id={hours.id} label="Answer within" error={hours.error}>
              <select className={selectClassName} {...fieldAria(hours.id, hours.error)} {...register('answerHours')}>
                {WRITTEN_READING_ANSWER_HOURS.map((value) => (
                  <option key={value} value={String(value)}>
                    {value} hours
                  </option>
                ))}
              </select>
            </FormField>
          </div>
          <div>
            <Button type="submit" disabled={save.isPending || !isDirty} className="w-full sm:w-fit">
              {save.isPending ? 'Saving…' : 'Save Written Readings'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
