import type { ShopCategory } from '@shared/shop';
import { Gem, GraduationCap, type LucideIcon, Sparkles } from 'lucide-react';
import { useState } from 'react';
import { cn } from '@/lib/cn';

const CATEGORY_ICONS: Record<ShopCategory, LucideIcon> = { Crystals: Gem, Tarot: Sparkles, Courses: GraduationCap };

/** The product's picture, or its category's emblem on a soft gradient when it has none or it fails to load. */
export function ProductImage({
  imageUrl,
  category,
  className,
}: {
  imageUrl: string | null;
  category: ShopCategory;
  className?: string;
}) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const Icon = CATEGORY_ICONS[category];
  if (imageUrl && failedUrl !== imageUrl) {
    return (
      <img
        src={imageUrl}
        alt=""
        loading="lazy"
        className={cn('object-cover', className)}
        onError={() => setFailedUrl(imageUrl)}
      />
    );
  }
  return (
    <div
      className={cn(
        'flex items-center justify-center bg-gradient-to-br from-primary/25 via-pink/10 to-gold/20',
        className,
      )}
      aria-hidden="true"
    >
      <Icon className="size-1/3 max-h-16 max-w-16 text-pink/80" strokeWidth={1.25} />
    </div>
  );
}
