import type { FavoriteReader } from '@shared/favorites';
import { useQuery } from '@tanstack/react-query';
import { Heart } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { useProfile } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { heartedReadersQuery, useToggleFavorite } from './api';

type HeartableReader = Omit<FavoriteReader, 'isBusy' | 'isFavorite' | 'completedSessionsWithYou'>;

/** The heart on a reader's card; only a signed-in client has favorites, so no one else sees it. */
export function FavoriteButton({ reader, className }: { reader: HeartableReader; className?: string }) {
  const { data: profile } = useProfile();
  const isClient = profile?.role === 'client';
  const hearted = useQuery({ ...heartedReadersQuery, enabled: isClient });
  const toggle = useToggleFavorite();
  if (!isClient) return null;
  const isFavorite = hearted.data?.readers.some((candidate) => candidate.id === reader.id) ?? false;
  return (
    <Button
      type="button"
      variant="ghost"
      size="icon"
      className={cn('shrink-0 text-pink hover:text-pink', className)}
      aria-label={isFavorite ? 'Remove from favorites' : 'Add to favorites'}
      disabled={hearted.isPending}
      onClick={() => {
        const { id, fullName, username, profileImage, specialties, isOnline } = reader;
        const shown: FavoriteReader = {
          id,
          fullName,
          username,
          profileImage,
          specialties,
          isOnline,
          isBusy: false,
          isFavorite,
          completedSessionsWithYou: 0,
        };
        toggle.mutate({ reader: shown, isFavorite: !isFavorite });
      }}
    >
      <Heart className={cn('size-5', isFavorite && 'fill-current')} aria-hidden="true" />
    </Button>
  );
}
