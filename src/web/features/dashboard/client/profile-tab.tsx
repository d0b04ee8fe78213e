import { zodResolver } from '@hookform/resolvers/zod';
import { authApi } from '@shared/api/auth';
import type { Profile, UpdateUserInput } from '@shared/auth';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { PersonAvatar } from '@/components/person-avatar';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Spinner } from '@/components/ui/spinner';
import { AccountSection } from '@/features/account';
import { ApiError } from '@/lib/api';
import { callApi } from '@/lib/api-client';
import { profileQueryKey } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { type ProfileFormValues, profileFormSchema, toUpdateUserInput } from './profile-form';

const IMAGE_HINT = 'A web address (https://…) of a picture of you. Leave empty for your initials.';

function ProfileForm({ profile }: { profile: Profile }) {
  const id = useId();
  const queryClient = useQueryClient();
  const update = useMutation({
    mutationFn: (input: UpdateUserInput) => callApi(authApi.updateUser, { body: input }),
    // The header's avatar and name read the profile: fetch it again so they change with the form.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
  const {
    register,
    handleSubmit,
    setError,
    reset,
    formState: { errors, isSubmitting, isDirty },
  } = useForm<ProfileFormValues, unknown, Parameters<typeof toUpdateUserInput>[0]>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: { name: profile.fullName, image: profile.avatarUrl ?? '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    try {
      await update.mutateAsync(toUpdateUserInput(values));
      reset({ name: values.name, image: values.image });
      toast.success('Profile updated');
    } catch (error) {
      const fields = error instanceof ApiError ? (error.fields ?? {}) : {};
      if (fields.name) setError('name', { message: fields.name });
      if (fields.image) setError('image', { message: fields.image });
      if (!fields.name && !fields.image)
        setError('root', { message: error instanceof ApiError ? error.message : 'Failed to update your profile' });
    }
  });

  const nameId = `${id}-name`;
  const imageId = `${id}-image`;
  return (
    <form noValidate onSubmit={onSubmit} className="grid gap-4" aria-label="Edit profile">
      <FormField id={nameId} label="Name" error={errors.name?.message}>
        <Input autoComplete="name" {...fieldAria(nameId, errors.name?.message)} {...register('name')} />
      </FormField>
      <FormField id={imageId} label="Avatar URL" error={errors.image?.message} hint={IMAGE_HINT}>
        <Input
          type="url"
          inputMode="url"
          placeholder="https://"
          {...fieldAria(imageId, errors.image?.message, IMAGE_HINT)}
          {...register('image')}
        />
      </FormField>
      {errors.root?.message ? (
        <p role="alert" className="text-sm font-semibold text-destructive">
          {errors.root.message}
        </p>
      ) : null}
      <Button type="submit" disabled={isSubmitting || !isDirty} className="justify-self-start">
        {isSubmitting ? <Spinner className="size-4 text-primary-foreground" label="Saving" /> : null}
        {isSubmitting ? 'Saving...' : 'Save Changes'}
      </Button>
    </form>
  );
}

/** Who the client is here: name, email and member since, with the name and picture editable. */
export function ProfileTab({ profile }: { profile: Profile }) {
  const memberSince = new Date(profile.createdAt).toLocaleDateString(undefined, { dateStyle: 'long' });
  return (
    <div className="grid gap-8">
      <div className="grid gap-6 lg:grid-cols-[minmax(0,22rem)_minmax(0,1fr)]">
        <Card className="h-fit">
          <CardHeader className="items-center text-center">
            <PersonAvatar name={profile.fullName} imageUrl={profile.avatarUrl} className="size-20 text-2xl" />
            <CardTitle className="mt-2 [overflow-wrap:anywhere]" data-testid="profile-name">
              {profile.fullName}
            </CardTitle>
            <CardDescription>Client</CardDescription>
          </CardHeader>
          <CardContent>
            <dl className="grid gap-3 text-sm">
              <div>
                <dt className="text-muted-foreground">Email</dt>
                <dd className="[overflow-wrap:anywhere]">{profile.email}</dd>
              </div>
              <div>
                <dt className="text-muted-foreground">Member since</dt>
                <dd data-testid="profile-member-since">{memberSince}</dd>
              </div>
            </dl>
          </CardContent>
        </Card>
        <Card>
          <CardHeader>
            <CardTitle>Edit Profile</CardTitle>
            <CardDescription>Your name and picture are what readers see.</CardDescription>
          </CardHeader>
          <CardContent>
            <ProfileForm key={profile.id} profile={profile} />
          </CardContent>
        </Card>
      </div>
      <AccountSection />
    </div>
  );
}
