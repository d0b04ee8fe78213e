import { zodResolver } from '@hookform/resolvers/zod';
import type { Reader } from '@shared/readers';
import { useForm } from 'react-hook-form';
import { ContactDetailsNotice } from '@/components/contact-details-notice';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { selectClassName } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { AccountSection } from '@/features/account';
import {
  type SettingsFormInput,
  type SettingsFormOutput,
  settingsFormSchema,
  toSettingsField,
  toSettingsForm,
} from './settings-form';
import { useSaveMyReader } from './use-save-my-reader';
import { WrittenReadingsCard } from './written-readings-card';

/** The reader's public profile: what clients read on the directory card. */
export function ReaderSettingsTab({ reader }: { reader: Reader }) {
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isDirty },
  } = useForm<SettingsFormInput, unknown, SettingsFormOutput>({
    resolver: zodResolver(settingsFormSchema),
    defaultValues: toSettingsForm(reader),
  });

  const save = useSaveMyReader({
    reset,
    setError,
    toForm: toSettingsForm,
    toField: toSettingsField,
    savedMessage: () => 'Profile updated successfully',
    failedMessage: 'Failed to update profile',
  });

  const field = (name: keyof SettingsFormInput) => ({ id: `settings-${name}`, error: errors[name]?.message });
  const bio = field('bio');
  const specialties = field('specialties');
  const years = field('yearsExperience');
  const image = field('profileImage');
  const free = field('freeMinutes');
  return (
    <div className="grid gap-8">
      <Card>
        <CardHeader>
          <CardTitle>Profile Settings</CardTitle>
          <CardDescription>What clients read on your card in the directory.</CardDescription>
        </CardHeader>
        <CardContent>
          <form
            className="grid max-w-2xl gap-5"
            aria-label="Profile settings"
            noValidate
            onSubmit={handleSubmit((input) => save.mutate(input))}
          >
            <FormField id={bio.id} label="Bio" error={bio.error}>
              <Textarea rows={5} {...fieldAria(bio.id, bio.error)} {...register('bio')} />
            </FormField>
            {save.data?.masked ? <ContactDetailsNotice /> : null}
            <FormField
              id={specialties.id}
              label="Specialties"
              error={specialties.error}
              hint="Separate them with commas; the first three show on your card."
            >
              <Input {...fieldAria(specialties.id, specialties.error, 'hint')} {...register('specialties')} />
            </FormField>
            <div className="grid gap-5 sm:grid-cols-[10rem_minmax(0,1fr)]">
              <FormField id={years.id} label="Years of experience" error={years.error}>
                <Input
                  type="number"
                  inputMode="numeric"
                  min={0}
                  max={80}
                  step={1}
                  {...fieldAria(years.id, years.error)}
                  {...register('yearsExperience')}
                />
              </FormField>
              <FormField
                id={image.id}
                label="Profile image URL"
                error={image.error}
                hint="An https:// address of a picture; leave empty for your initials."
              >
                <Input
                  type="url"
                  inputMode="url"
                  placeholder="https://"
                  {...fieldAria(image.id, image.error, 'hint')}
                  {...register('profileImage')}
                />
              </FormField>
            </div>
            <FormField
              id={free.id}
              label="Free first minutes"
              error={free.error}
              hint="Offered to each client's first reading with you; you earn nothing for them."
            >
              <select
                className={`${selectClassName} sm:w-60`}
                {...fieldAria(free.id, free.error, 'hint')}
                {...register('freeMinutes')}
              >
                <option value="0">None</option>
                {[1, 2, 3, 4, 5].map((minutes) => (
                  <option key={minutes} value={String(minutes)}>
                    First {minutes} {minutes === 1 ? 'minute' : 'minutes'} free
                  </option>
                ))}
              </select>
            </FormField>
            <div>
              <Button type="submit" disabled={save.isPending || !isDirty} className="w-full sm:w-fit">
                {save.isPending ? 'Saving…' : 'Save Profile'}
              </Button>
            </div>
          </form>
        </CardContent>
      </Card>
      <WrittenReadingsCard reader={reader} />
      <AccountSection />
    </div>
  );
}
