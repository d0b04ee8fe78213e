import { zodResolver } from '@hookform/resolvers/zod';
import { createReplySchema, REPLY_CONTENT_MAX } from '@shared/community';
import { SendHorizontal } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'react-router';
import { Button } from '@/components/ui/button';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { useProfile } from '@/lib/auth';
import { loginPath } from '@/lib/paths';
import { toast } from '@/lib/toast';
import { useCreateReply } from './api';

type ReplyInput = { content: string };

function ReplyForm({ postId }: { postId: string }) {
  const reply = useCreateReply(postId);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<ReplyInput>({ resolver: zodResolver(createReplySchema), defaultValues: { content: '' } });
  const error = errors.content?.message;

  const submit = (input: ReplyInput) =>
    reply.mutate(input.content, {
      onSuccess: () => {
        reset();
        toast.success('Reply posted');
      },
      onError: (failure) =>
        setError('content', { message: (failure instanceof ApiError && failure.fields?.content) || failure.message }),
    });

  return (
    <form className="grid gap-3" onSubmit={handleSubmit(submit)} aria-label="Reply" noValidate>
      <FormField id="reply-content" label="Your reply" error={error}>
        <Textarea
          rows={4}
          maxLength={REPLY_CONTENT_MAX}
          placeholder="Share your thoughts…"
          {...fieldAria('reply-content', error)}
          {...register('content')}
        />
      </FormField>
      <Button type="submit" className="justify-self-end" disabled={reply.isPending}>
        <SendHorizontal aria-hidden="true" />
        {reply.isPending ? 'Posting…' : 'Post Reply'}
      </Button>
    </form>
  );
}

/** The reply box for a signed-in user; a visitor is asked to sign in and comes back here. */
export function ReplyBox({ postId }: { postId: string }) {
  const profile = useProfile();
  const { pathname } = useLocation();
  if (profile.isPending) return null;
  if (profile.data) return <ReplyForm postId={postId} />;
  return (
    <p className="rounded-xl border border-border bg-muted/60 p-4 text-center text-sm">
      <Link to={loginPath(pathname)} className="font-semibold text-pink underline-offset-4 hover:underline">
        Sign in
      </Link>{' '}
      to join the discussion.
    </p>
  );
}
