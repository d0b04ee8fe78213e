import { Avatar, AvatarFallback, AvatarImage } from '@/components/ui/avatar';
import { cn } from '@/lib/cn';
import { nameInitials } from '@/lib/initials';

/** A person's picture, or a generated initials avatar when they have none (SPEC.md 'Home'). */
export function PersonAvatar({
  name,
  imageUrl,
  className,
}: {
  name: string;
  imageUrl: string | null;
  className?: string;
}) {
  return (
    <Avatar className={cn('size-12', className)}>
      {imageUrl ? <AvatarImage src={imageUrl} alt="" /> : null}
      <AvatarFallback aria-hidden="true">{nameInitials(name)}</AvatarFallback>
    </Avatar>
  );
}

/** A small dot on an avatar's corner that says whether the person is online. */
export function OnlineDot({ isOnline, className }: { isOnline: boolean; className?: string }) {
  return (
    <span
      role="img"
      aria-label={isOnline ? 'Online' : 'Offline'}
      data-online={isOnline}
      className={cn(
        'absolute right-0 bottom-0 size-3.5 rounded-full border-2 border-card',
        isOnline ? 'bg-emerald-500' : 'bg-zinc-500',
        className,
      )}
    />
  );
}
