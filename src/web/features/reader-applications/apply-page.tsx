import { formatCount } from '@shared/count-format';
import { zodResolver } from '@hookform/resolvers/zod';
import { RATE_MAX_CENTS, RATE_MIN_CENTS } from '@shared/constants';
import { APPLY_PAGE } from '@shared/public-pages';
import { SAMPLE_READING_MAX, SAMPLE_READING_MIN } from '@shared/reader-applications';
import { useMutation } from '@tanstack/react-query';
import { CircleAlert, MailCheck } from 'lucide-react';
import { type ComponentProps, useState } from 'react';
import { type UseFormRegisterReturn, useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { usePageMeta } from '@/lib/page-meta';
import { paths, policiesPath } from '@/lib/paths';
import { submitApplication } from './apply-api';
import {
  type ApplyFormField,
  type ApplyFormInput,
  type ApplyFormOutput,
  applyFieldOf,
  applyFormSchema,
  emptyApplyForm,
  toApplicationInput,
} from './apply-form';

const RATE_FIELDS = [
  { name: 'chatRate', label: 'Chat rate ($/min)' },
  { name: 'audioRate', label: 'Audio rate ($/min)' },
  { name: 'videoRate', label: 'Video rate ($/min)' },
] as const;

interface Bound {
  id: string;
  error: string | undefined;
  registration: UseFormRegisterReturn;
}

function BoundInput({
  field,
  label,
  hint,
  ...props
}: { field: Bound; label: string; hint?: string } & ComponentProps<typeof Input>) {
  return (
    <FormField id={field.id} label={label} error={field.error} hint={hint}>
      <Input {...props} {...fieldAria(field.id, field.error, hint)} {...field.registration} />
    </FormField>
  );
}

function Sent({ email }: { email: string }) {
  return (
    <Alert>
      <MailCheck aria-hidden="true" />
      <div className="grid gap-1">
        <p className="font-semibold">Thank you, your application is in.</p>
        <p>
          We sent a confirmation to <strong>{email}</strong> with a link where you can follow your application. Our team
          reads every one and answers by mail.
        </p>
      </div>
    </Alert>
  );
}

/** /apply: anyone may apply to read; an admin approves or rejects from the dashboard's Applications tab. */
export function ApplyPage() {
  usePageMeta(APPLY_PAGE);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    watch,
    formState: { errors },
  } = useForm<ApplyFormInput, unknown, ApplyFormOutput>({
    resolver: zodResolver(applyFormSchema),
    defaultValues: emptyApplyForm,
  });
  const submit = useMutation({
    mutationFn: (values: ApplyFormOutput) => submitApplication(toApplicationInput(values)),
    onSuccess: (_answer, values) => setSentTo(values.email),
    onError: (error) => {
      // One open application per email: the answer belongs beside the email.
      if (error instanceof ApiError && error.status === 409)
        return setError('email', { message: error.message }, { shouldFocus: true });
      let isBesideAField = false;
      for (const [key, message] of Object.entries(error instanceof ApiError ? (error.fields ?? {}) : {})) {
        const field = applyFieldOf(key);
        if (field) setError(field, { message }, { shouldFocus: !isBesideAField });
        isBesideAField ||= field !== undefined;
      }
      if (!isBesideAField) setError('root', { message: error.message });
    },
  });
  const bind = (name: ApplyFormField): Bound => ({
    id: `apply-${name}`,
    error: errors[name]?.message,
    registration: register(name),
  });
  const sampleLength = watch('sampleReading').trim().length;
  const sample = bind('sampleReading');
  const bio = bind('bio');
  const terms = bind('acceptsReaderTerms');
  const sampleHint = `${SAMPLE_READING_MIN}–${formatCount(SAMPLE_READING_MAX)} characters · ${formatCount(sampleLength)} so far`;
  const rateHint = `$${(RATE_MIN_CENTS / 100).toFixed(2)}–$${(RATE_MAX_CENTS / 100).toFixed(2)}`;

  return (
    <div className="pb-16">
      <PageHeading
        title="Become a Reader"
        description="Share your gift with seekers around the world. Tell us about yourself and show us how you read."
      />
      <div className="mx-auto max-w-3xl px-4">
        {sentTo ? (
          <Sent email={sentTo} />
        ) : (
          <Card>
            <CardHeader>
              <CardTitle>Your application</CardTitle>
              <CardDescription>Every field is required. We answer by mail, usually within a few days.</CardDescription>
            </CardHeader>
            <CardContent>
              <form
                noValidate
                aria-label="Apply to become a reader"
                className="grid gap-6"
                onSubmit={handleSubmit((values) => submit.mutate(values))}
              >
                <fieldset className="grid gap-4 sm:grid-cols-2">
                  <legend className="mb-2 text-lg font-semibold text-gold">About you</legend>
                  <BoundInput field={bind('firstName')} label="First name" autoComplete="given-name" />
                  <BoundInput field={bind('lastName')} label="Last name" autoComplete="family-name" />
                  <BoundInput
                    field={bind('email')}
                    label="Email"
                    type="email"
                    autoComplete="email"
                    placeholder="you@example.com"
                  />
                  <BoundInput field={bind('yearsExperience')} label="Years of experience" inputMode="numeric" />
                  <BoundInput
                    field={bind('specialties')}
                    label="Specialties"
                    placeholder="Tarot, Astrology, Mediumship"
                    hint="Separate them with commas"
                    className="sm:col-span-2"
                  />
                  <FormField id={bio.id} label="Short bio" error={bio.error} className="sm:col-span-2">
                    <Textarea
                      rows={4}
                      placeholder="How you came to your gift and how you read"
                      {...fieldAria(bio.id, bio.error)}
                      {...bio.registration}
                    />
                  </FormField>
                </fieldset>
                <fieldset className="grid gap-4">
                  <legend className="mb-2 text-lg font-semibold text-gold">A sample reading</legend>
                  <FormField id={sample.id} label="Sample reading" error={sample.error} hint={sampleHint}>
                    <Textarea
                      rows={8}
                      placeholder="Answer this question as you would for a client: “Will the job I am waiting to hear about bring me what I hope for?”"
                      {...fieldAria(sample.id, sample.error, sampleHint)}
                      {...sample.registration}
                    />
                  </FormField>
                </fieldset>
                <fieldset className="grid gap-4 sm:grid-cols-3">
                  <legend className="mb-2 text-lg font-semibold text-gold">Proposed rates</legend>
                  {RATE_FIELDS.map(({ name, label }) => (
                    <BoundInput
                      key={name}
                      field={bind(name)}
                      label={label}
                      inputMode="decimal"
                      placeholder="3.99"
                      hint={rateHint}
                    />
                  ))}
                </fieldset>
                <div className="grid gap-2">
                  <label className="flex cursor-pointer items-start gap-3 text-sm">
                    <input
                      type="checkbox"
                      className="mt-0.5 size-4 accent-pink"
                      {...fieldAria(terms.id, terms.error)}
                      {...terms.registration}
                    />
                    <span>
                      I agree to the{' '}
                      <Link
                        to={policiesPath('terms')}
                        target="_blank"
                        rel="noopener"
                        className="text-pink underline underline-offset-2"
                      >
                        reader terms
                        <span className="sr-only"> (opens in a new tab)</span>
                      </Link>
                      , and that Soul Tribe may contact me about this application.
                    </span>
                  </label>
                  {terms.error ? (
                    <p id={`${terms.id}-error`} role="alert" className="text-sm font-semibold text-destructive">
                      {terms.error}
                    </p>
                  ) : null}
                </div>
                {errors.root?.message ? (
                  <Alert variant="destructive">
                    <CircleAlert aria-hidden="true" />
                    <span>{errors.root.message}</span>
                  </Alert>
                ) : null}
                <Button type="submit" size="lg" disabled={submit.isPending}>
                  {submit.isPending ? (
                    <Spinner className="size-4 text-primary-foreground" label="Sending your application" />
                  ) : null}
                  Send application
                </Button>
                <p className="text-center text-sm text-muted-foreground">
                  Already a reader?{' '}
                  <Link to={paths.login} className="font-semibold text-pink underline-offset-4 hover:underline">
                    Sign in
                  </Link>
                </p>
              </form>
            </CardContent>
          </Card>
        )}
      </div>
    </div>
  );
}
