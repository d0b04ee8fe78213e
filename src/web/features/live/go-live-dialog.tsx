import { zodResolver } from '@hookform/resolvers/zod';
import {
  type CreateStreamInput,
  LIVE_CATEGORIES,
  STREAM_DESCRIPTION_MAX_LENGTH,
  STREAM_TITLE_MAX_LENGTH,
} from '@shared/live';
import { Radio } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { selectClassName } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { liveStreamPath } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useCreateStream } from './api';
import { type GoLiveFormInput, goLiveDefaults, goLiveFormSchema } from './go-live-form';

const PRICE_HINT = 'Leave empty for a free stream';
const FORM_FIELDS = ['title', 'description', 'category', 'price', 'date', 'time', 'expectedMinutes'] as const;
/** The server names fields as the API does; the form names some differently. */
const SERVER_FIELD: Record<string, (typeof FORM_FIELDS)[number]> = { priceCents: 'price', scheduledFor: 'time' };

function GoLiveForm({ onDone }: { onDone: () => void }) {
  const navigate = useNavigate();
  const create = useCreateStream();
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    watch,
    setError,
    formState: { errors },
  } = useForm<GoLiveFormInput, unknown, CreateStreamInput>({
    // The schedule is checked against the time of submitting, not of opening the dialog.
    resolver: (values, context, options) => zodResolver(goLiveFormSchema(new Date()))(values, context, options),
    defaultValues: goLiveDefaults,
  });
  const isScheduled = watch('isScheduled');

  const submit = (input: CreateStreamInput) => {
    setFormError(null);
    create.mutate(input, {
      onSuccess: ({ id, status }) => {
        onDone();
        if (status === 'live') void navigate(liveStreamPath(id));
        else
          toast.success('Stream scheduled', { description: 'It is in My streams; followers can ask to be reminded.' });
      },
      onError: (error) => {
        const fields = error instanceof ApiError ? Object.entries(error.fields ?? {}) : [];
        for (const [name, message] of fields) {
          const field = SERVER_FIELD[name] ?? FORM_FIELDS.find((candidate) => candidate === name);
          if (field) setError(field, { message });
        }
        if (fields.length === 0) setFormError(error.message);
      },
    });
  };

  const field = (name: (typeof FORM_FIELDS)[number]) => ({ id: `go-live-${name}`, error: errors[name]?.message });
  const title = field('title');
  const description = field('description');
  const category = field('category');
  const price = field('price');
  const date = field('date');
  const time = field('time');
  const minutes = field('expectedMinutes');

  return (
    <form className="grid gap-4" onSubmit={handleSubmit(submit)} aria-label="Go live" noValidate>
      <FormField {...title} label="Title">
        <Input
          maxLength={STREAM_TITLE_MAX_LENGTH}
          placeholder="Full moon tarot circle"
          {...fieldAria(title.id, title.error)}
          {...register('title')}
        />
      </FormField>
      <FormField {...description} label="Description">
        <Textarea
          maxLength={STREAM_DESCRIPTION_MAX_LENGTH}
          rows={3}
          {...fieldAria(description.id, description.error)}
          {...register('description')}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField {...category} label="Category">
          <select className={selectClassName} {...fieldAria(category.id, category.error)} {...register('category')}>
            {LIVE_CATEGORIES.map((option) => (
              <option key={option} value={option}>
                {option}
              </option>
            ))}
          </select>
        </FormField>
        <FormField {...price} label="Price to join ($)" hint={PRICE_HINT}>
          <Input
            type="text"
            inputMode="decimal"
            placeholder="Free"
            {...fieldAria(price.id, price.error, PRICE_HINT)}
            {...register('price')}
          />
        </FormField>
      </div>
      <label className="flex cursor-pointer items-center gap-3 text-sm font-semibold">
        <input type="checkbox" className="size-4 accent-primary" {...register('isScheduled')} />
        Schedule for later
      </label>
      {isScheduled ? (
        <div className="grid gap-4 sm:grid-cols-3">
          <FormField {...date} label="Date">
            <Input type="date" {...fieldAria(date.id, date.error)} {...register('date')} />
          </FormField>
          <FormField {...time} label="Time">
            <Input type="time" {...fieldAria(time.id, time.error)} {...register('time')} />
          </FormField>
          <FormField {...minutes} label="Expected minutes">
            <Input
              type="number"
              inputMode="numeric"
              min={5}
              max={480}
              {...fieldAria(minutes.id, minutes.error)}
              {...register('expectedMinutes')}
            />
          </FormField>
        </div>
      ) : null}
      {formError ? (
        <Alert variant="destructive" role="alert">
          {formError}
        </Alert>
      ) : null}
      <DialogFooter>
        <Button type="button" variant="outline" onClick={onDone}>
          Cancel
        </Button>
        <Button type="submit" disabled={create.isPending}>
          {create.isPending ? 'Saving…' : isScheduled ? 'Schedule Stream' : 'Go Live'}
        </Button>
      </DialogFooter>
    </form>
  );
}

/** The reader's 'Go Live' button and its dialog: go live now, or announce a stream for later. */
export function GoLiveButton() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button onClick={() => setOpen(true)}>
        <Radio aria-hidden="true" />
        Go Live
      </Button>
      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-lg">
          <DialogHeader>
            <DialogTitle>Go Live</DialogTitle>
            <DialogDescription>
              Stream to your followers now, or schedule a stream so they can ask to be reminded.
            </DialogDescription>
          </DialogHeader>
          {/* A fresh form on each opening. */}
          {open ? <GoLiveForm onDone={() => setOpen(false)} /> : null}
        </DialogContent>
      </Dialog>
    </>
  );
}
