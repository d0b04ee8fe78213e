import type { LiveStream } from '@shared/live';
import { Bell, BellRing } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useProfile } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { useToggleReminder } from './api';
import { useSignInToast } from './sign-in-toast';

/** 'Remind Me' on a scheduled stream: a notification when it goes live. It toggles. */
export function ReminderButton({ stream }: { stream: LiveStream }) {
  const { data: profile } = useProfile();
  const toggle = useToggleReminder();
  const askToSignIn = useSignInToast();
  const isReminded = stream.viewerHasReminder;
  const onClick = () => {
    if (!profile) {
      askToSignIn('Please sign in to get a reminder');
      return;
    }
    toggle.mutate(
      { id: stream.id, reminded: !isReminded },
      {
        onSuccess: ({ reminded }) =>
          toast.success(reminded ? "We'll notify you when it goes live" : 'Reminder removed'),
        onError: (error) => toast.error('Could not update the reminder', { description: error.message }),
      },
    );
  };
  return (
    <Button
      variant={isReminded ? 'secondary' : 'outline'}
      aria-pressed={isReminded}
      disabled={toggle.isPending}
      onClick={onClick}
      className="w-full"
    >
      {isReminded ? <BellRing aria-hidden="true" /> : <Bell aria-hidden="true" />}
      {isReminded ? 'Reminder Set' : 'Remind Me'}
    </Button>
  );
}
