import { formatCount } from '@shared/count-format';
import { COMMUNITY_CATEGORIES, type CommunityCategory } from '@shared/community-rules';
import { useQuery } from '@tanstack/react-query';
import { LoadFailed } from '@/components/list-states';
import { cn } from '@/lib/cn';
import { categoryCountsQuery } from './api';
import { categoryStyle } from './category-style';

/** The Categories tab: the six, each with its live post count; choosing one filters the discussions. */
export function CategoryCards({ onChoose }: { onChoose: (category: CommunityCategory) => void }) {
  const counts = useQuery(categoryCountsQuery);
  return (
    <div className="grid gap-4">
      {counts.isError && !counts.data ? (
        <LoadFailed query={counts} message="We could not load the post counts." />
      ) : null}
      <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-3" aria-label="Categories">
        {COMMUNITY_CATEGORIES.map(({ name, description }) => {
          const { Icon, colorClassName } = categoryStyle(name);
          const count = counts.data?.categories.find((category) => category.name === name)?.postCount;
          return (
            <li key={name}>
              <button
                type="button"
                onClick={() => onChoose(name)}
                className="grid h-full w-full cursor-pointer content-start gap-3 rounded-2xl border border-border bg-card/90 p-6 text-left shadow-xl shadow-black/10 transition-colors hover:border-pink/60 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
              >
                <span className={cn('flex size-12 items-center justify-center rounded-xl', colorClassName)}>
                  <Icon className="size-6" aria-hidden="true" />
                </span>
                <span className="text-lg font-semibold">{name}</span>
                <span className="text-sm text-muted-foreground">{description}</span>
                <span className="text-sm font-semibold text-pink tabular-nums" aria-live="polite">
                  {count === undefined
                    ? counts.isPending
                      ? 'Counting posts…'
                      : ''
                    : `${formatCount(count)} ${count === 1 ? 'post' : 'posts'}`}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
