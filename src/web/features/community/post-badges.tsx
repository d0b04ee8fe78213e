import type { CommunityPost } from '@shared/community';
import { EyeOff, Pin, Sparkles } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { cn } from '@/lib/cn';
import { categoryStyle } from './category-style';

/** The category, and the pinned, featured and hidden markers (hidden is seen by its author and admins only). */
export function PostBadges({
  post,
}: {
  post: Pick<CommunityPost, 'category' | 'isPinned' | 'isFeatured' | 'isHidden'>;
}) {
  const category = categoryStyle(post.category);
  return (
    <div className="flex flex-wrap items-center gap-2">
      {post.isPinned ? (
        <Badge variant="pink">
          <Pin className="size-3" aria-hidden="true" />
          Pinned
        </Badge>
      ) : null}
      {post.isFeatured ? (
        <Badge variant="gold">
          <Sparkles className="size-3" aria-hidden="true" />
          Featured
        </Badge>
      ) : null}
      {post.isHidden ? <HiddenBadge /> : null}
      <Badge className={cn('border-transparent', category.colorClassName)}>
        <category.Icon className="size-3" aria-hidden="true" />
        {post.category}
      </Badge>
    </div>
  );
}

export function HiddenBadge() {
  return (
    <Badge variant="destructive">
      <EyeOff className="size-3" aria-hidden="true" />
      Hidden
    </Badge>
  );
}

export function TagList({ tags }: { tags: string[] }) {
  if (tags.length === 0) return null;
  return (
    <ul className="flex flex-wrap gap-2" aria-label="Tags">
      {tags.map((tag) => (
        <li key={tag} className="rounded-full bg-muted px-2.5 py-0.5 text-xs font-semibold text-muted-foreground">
          #{tag}
        </li>
      ))}
    </ul>
  );
}
