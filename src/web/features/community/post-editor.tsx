import { zodResolver } from '@hookform/resolvers/zod';
import {
  COMMUNITY_CATEGORIES,
  type CommunityPost,
  POST_CONTENT_MAX,
  POST_TAGS_MAX,
  POST_TITLE_MAX,
} from '@shared/community';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { selectClassName } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { formFieldOf, type PostFormField, type PostFormInput, type PostFormOutput, postFormSchema } from './post-form';

const TAGS_HINT = `Up to ${POST_TAGS_MAX}, separated by commas`;

/**
 * The fields of a discussion, for 'New Discussion' and for its author's edit. `onSave` resolves
 * with the saved post, or rejects with the server's error, whose field messages go beside the fields.
 */
export function PostEditor({
  idPrefix,
  label,
  defaultValues,
  submitLabel,
  pendingLabel,
  onSave,
  onCancel,
}: {
  idPrefix: string;
  label: string;
  defaultValues: PostFormInput;
  submitLabel: string;
  pendingLabel: string;
  onSave: (input: PostFormOutput) => Promise<CommunityPost>;
  onCancel: () => void;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<PostFormInput, unknown, PostFormOutput>({ resolver: zodResolver(postFormSchema), defaultValues });

  const submit = async (input: PostFormOutput) => {
    setFormError(null);
    try {
      await onSave(input);
    } catch (error) {
      const fields = error instanceof ApiError ? Object.entries(error.fields ?? {}) : [];
      let isShownBesideField = false;
      for (const [name, message] of fields) {
        const field = formFieldOf(name);
        if (field) {
          setError(field, { message });
          isShownBesideField = true;
        }
      }
      if (!isShownBesideField)
        setFormError(error instanceof Error ? error.message : 'We could not save your discussion.');
    }
  };

  const field = (name: PostFormField) => ({ id: `${idPrefix}-${name}`, error: errors[name]?.message });
  const title = field('title');
  const content = field('content');
  const category = field('category');
  const tags = field('tags');

  return (
    <form className="grid gap-4" onSubmit={handleSubmit(submit)} aria-label={label} noValidate>
      <FormField {...title} label="Title">
        <Input
          maxLength={POST_TITLE_MAX}
          placeholder="What would you like to talk about?"
          {...fieldAria(title.id, title.error)}
          {...register('title')}
        />
      </FormField>
      <FormField {...content} label="Content">
        <Textarea
          rows={6}
          maxLength={POST_CONTENT_MAX}
          placeholder="Share your experience or ask the community…"
          {...fieldAria(content.id, content.error)}
          {...register('content')}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField {...category} label="Category">
          <select className={selectClassName} {...fieldAria(category.id, category.error)} {...register('category')}>
            <option value="" disabled>
              Choose a category
            </option>
            {COMMUNITY_CATEGORIES.map((option) => (
              <option key={option.name} value={option.name}>
                {option.name}
              </option>
            ))}
          </select>
        </FormField>
        <FormField {...tags} label="Tags" hint={TAGS_HINT}>
          <Input
            placeholder="tarot, full moon"
            autoComplete="off"
            {...fieldAria(tags.id, tags.error, TAGS_HINT)}
            {...register('tags')}
          />
        </FormField>
      </div>
      {formError ? (
        <Alert variant="destructive" role="alert">
          {formError}
        </Alert>
      ) : null}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          Cancel
        </Button>
        <Button type="submit" disabled={isSubmitting}>
          {isSubmitting ? pendingLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
