import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { avatarFallbackLetter } from '@/lib/avatar';
import { cn } from '@/lib/cn';

export function UserAvatar({
  name,
  email,
  avatarUrl,
  className,
}: {
  name: string;
  email: string;
  avatarUrl: string | null;
  className?: string;
}) {
  return (
    <Avatar className={cn('size-9', className)}>
      {avatarUrl ? <AvatarImage src={avatarUrl} alt="" /> : null}
      <AvatarFallback>{avatarFallbackLetter(name, email)}</AvatarFallback>
    </Avatar>
  );
}
