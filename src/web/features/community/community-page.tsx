import { formatCount } from '@shared/count-format';
import {
  COMMUNITY_CATEGORIES,
  COMMUNITY_PAGE_SIZE,
  type CommunityCategory,
  communityPostPath,
} from '@shared/community-rules';
import { COMMUNITY_PAGE } from '@shared/public-pages';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Plus, Search } from 'lucide-react';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { LoadFailed, Pager } from '@/components/list-states';
import { PageHeading } from '@/components/page-heading';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Skeleton } from '@/components/ui/skeleton';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useProfile } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { usePageMeta } from '@/lib/page-meta';
import { usePageNow } from '@/lib/page-now';
import { toast } from '@/lib/toast';
import { categoryCountsQuery, postListQuery, useCreatePost } from './api';
import { CategoryCards } from './category-cards';
import { type CommunityFilter, useCommunityFilter } from './community-filter';
import { PostCard } from './post-card';
import { postFormDefaults } from './post-form-values';
import { useSignInPrompt } from './sign-in-prompt';

// The editor (react-hook-form and its resolver, ~16 KB gzip) loads when someone starts a discussion,
// not with every visit to the list (decision 007).
const PostEditor = lazy(() => import('./post-editor').then((module) => ({ default: module.PostEditor })));

const TITLE = 'Soul Tribe Community';
const { description: DESCRIPTION } = COMMUNITY_PAGE;
const SEARCH_DEBOUNCE_MS = 300;

/**
 * The search box's own text, written to the URL once typing pauses (replacing the history entry,
 * so Back leaves the page instead of undoing a letter); a new search starts at page 1.
 */
function useDebouncedSearch(filter: CommunityFilter, setFilter: ReturnType<typeof useCommunityFilter>['setFilter']) {
  const [text, setText] = useState(filter.search);
  const latest = useRef({ filter, setFilter });
  latest.current = { filter, setFilter };
  useEffect(() => {
    if (text.trim() === latest.current.filter.search) return;
    const timer = setTimeout(
      () => latest.current.setFilter({ ...latest.current.filter, search: text, page: 1 }, { replace: true }),
      SEARCH_DEBOUNCE_MS,
    );
    return () => clearTimeout(timer);
  }, [text]);
  // Back or Forward changed the URL: the box shows what the list is searched by.
  useEffect(() => {
    setText((current) => (current.trim() === filter.search ? current : filter.search));
  }, [filter.search]);
  return [text, setText] as const;
}

function LoadingPosts() {
  return (
    <ul className="grid gap-4" role="status" aria-label="Loading discussions">
      {[0, 1, 2].map((key) => (
        <li key={key}>
          <Card>
            <CardContent className="grid gap-4 pt-6">
              <div className="flex items-center gap-3">
                <Skeleton className="size-10 rounded-full" />
                <Skeleton className="h-5 w-40" />
              </div>
              <Skeleton className="h-6 w-2/3" />
              <Skeleton className="h-12" />
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

function CategoryButtons({
  filter,
  onChoose,
}: {
  filter: CommunityFilter;
  onChoose: (category: CommunityCategory | null) => void;
}) {
  const counts = useQuery(categoryCountsQuery);
  const countOf = (name: CommunityCategory | null) => {
    const categories = counts.data?.categories;
    if (!categories) return null;
    return name
      ? (categories.find((category) => category.name === name)?.postCount ?? 0)
      : categories.reduce((sum, category) => sum + category.postCount, 0);
  };
  return (
    <fieldset className="flex max-w-full flex-wrap justify-center gap-2">
      <legend className="sr-only">Categories</legend>
      {[null, ...COMMUNITY_CATEGORIES.map((category) => category.name)].map((name) => {
        const isActive = name === filter.category;
        const count = countOf(name);
        return (
          <button
            key={name ?? 'all'}
            type="button"
            aria-pressed={isActive}
            onClick={() => onChoose(name)}
            className={cn(
              'cursor-pointer rounded-full border px-3 py-1 text-sm font-semibold tabular-nums transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
              isActive
                ? 'border-pink bg-pink/15 text-pink'
                : 'border-border text-muted-foreground hover:border-pink/60 hover:text-foreground',
            )}
          >
            {name ?? 'All Categories'}
            {count === null ? null : ` (${count})`}
          </button>
        );
      })}
    </fieldset>
  );
}

function NewDiscussion({ category, onDone }: { category: CommunityCategory | null; onDone: () => void }) {
  const navigate = useNavigate();
  const create = useCreatePost();
  return (
    <Card>
      <CardContent className="grid gap-4 pt-6">
        <h2 className="text-lg font-semibold">Start a discussion</h2>
        <Suspense fallback={<Skeleton className="h-64 w-full" />}>
          <PostEditor
            idPrefix="new-post"
            label="New discussion"
            defaultValues={postFormDefaults(category)}
            submitLabel="Post Discussion"
            pendingLabel="Posting…"
            onCancel={onDone}
            onSave={async (input) => {
              const post = await create.mutateAsync(input);
              toast.success('Discussion posted', { description: 'Others can reply to it now.' });
              onDone();
              void navigate(communityPostPath(post.id));
              return post;
            }}
          />
        </Suspense>
      </CardContent>
    </Card>
  );
}

function Discussions({
  filter,
  setFilter,
}: {
  filter: CommunityFilter;
  setFilter: ReturnType<typeof useCommunityFilter>['setFilter'];
}) {
  const [searchText, setSearchText] = useDebouncedSearch(filter, setFilter);
  const [isWriting, setIsWriting] = useState(false);
  const profile = useProfile();
  const askToSignIn = useSignInPrompt();
  const posts = useQuery({ ...postListQuery(filter), placeholderData: keepPreviousData });
  const shown = posts.data?.posts ?? [];
  const total = posts.data?.total ?? 0;
  const now = usePageNow();

  const toggleForm = () => {
    if (isWriting) setIsWriting(false);
    else if (profile.data) setIsWriting(true);
    else askToSignIn('Sign in to start a discussion.');
  };

  return (
    <div className="grid gap-6">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-center">
        <search className="relative flex-1">
          <Search
            className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            type="search"
            aria-label="Search discussions"
            className="pl-9"
            placeholder="Search discussions..."
            maxLength={100}
            value={searchText}
            onChange={(event) => setSearchText(event.target.value)}
          />
        </search>
        <Button onClick={toggleForm} aria-expanded={isWriting} disabled={profile.isPending}>
          <Plus aria-hidden="true" />
          New Discussion
        </Button>
      </div>
      {isWriting ? <NewDiscussion category={filter.category} onDone={() => setIsWriting(false)} /> : null}
      <CategoryButtons
        filter={filter}
        onChoose={(category) => setFilter({ ...filter, search: searchText, category, page: 1 })}
      />

      {posts.isPending || (posts.isPlaceholderData && shown.length === 0) ? (
        <LoadingPosts />
      ) : posts.isError && !posts.data ? (
        <LoadFailed query={posts} message="We could not load the discussions." />
      ) : shown.length === 0 ? (
        <div className="grid gap-2 py-16 text-center">
          <p className="text-xl font-semibold">No discussions found</p>
          <p className="text-muted-foreground">Be the first to start a conversation in this category!</p>
        </div>
      ) : (
        <div className="grid gap-4">
          <p className="text-sm text-muted-foreground tabular-nums" aria-live="polite" data-testid="discussion-count">
            {formatCount(total)} {total === 1 ? 'discussion' : 'discussions'}
          </p>
          <ul
            className="grid grid-cols-1 gap-4 transition-opacity aria-busy:opacity-60"
            aria-label="Discussions"
            aria-busy={posts.isPlaceholderData}
          >
            {shown.map((post) => (
              <li key={post.id}>
                <PostCard post={post} now={now} />
              </li>
            ))}
          </ul>
          <Pager
            label="Discussions"
            offset={(filter.page - 1) * COMMUNITY_PAGE_SIZE}
            pageSize={COMMUNITY_PAGE_SIZE}
            shownCount={shown.length}
            hasMore={filter.page * COMMUNITY_PAGE_SIZE < total}
            isFetching={posts.isPlaceholderData}
            onOffsetChange={(offset) => {
              setFilter({ ...filter, page: offset / COMMUNITY_PAGE_SIZE + 1 });
              window.scrollTo({ top: 0 });
            }}
          />
        </div>
      )}
    </div>
  );
}

export function CommunityPage() {
  usePageMeta(COMMUNITY_PAGE);
  const { filter, setFilter } = useCommunityFilter();
  return (
    <div className="mx-auto max-w-4xl px-4 pb-16 sm:px-6">
      <PageHeading title={TITLE} description={DESCRIPTION} />
      <Tabs
        value={filter.tab}
        onValueChange={(value) => setFilter({ ...filter, tab: value === 'categories' ? 'categories' : 'discussions' })}
      >
        <div className="mb-6 flex justify-center">
          <TabsList aria-label="Community">
            <TabsTrigger value="discussions">Discussions</TabsTrigger>
            <TabsTrigger value="categories">Categories</TabsTrigger>
          </TabsList>
        </div>
        <TabsContent value="discussions" className="mt-0">
          <Discussions filter={filter} setFilter={setFilter} />
        </TabsContent>
        <TabsContent value="categories" className="mt-0">
          <CategoryCards onChoose={(category) => setFilter({ tab: 'discussions', category, search: '', page: 1 })} />
        </TabsContent>
      </Tabs>
    </div>
  );
}
