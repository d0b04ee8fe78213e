import { SHOP_PAGE } from '@shared/public-pages';
import { SHOP_CATEGORIES, SHOP_SORT_LABELS, SHOP_SORTS, type ShopSort } from '@shared/shop-rules';
import { useQuery } from '@tanstack/react-query';
import { PackageSearch, Receipt, Search, SlidersHorizontal } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/list-states';
import { PageHeading } from '@/components/page-heading';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { useProfile } from '@/lib/auth';
import { cn } from '@/lib/cn';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';
import { productListQuery } from './api';
import { dispatchCart } from './cart-store';
import { FilterPanel } from './filter-panel';
import { ProductCard } from './product-card';
import {
  DEFAULT_SHOP_FILTER,
  filterFromParams,
  filterToParams,
  hasAnyFilter,
  panelFilterCount,
  type ShopFilter,
} from './shop-filter';

const { title, description } = SHOP_PAGE;
const FILTER_PANEL_ID = 'shop-filter-panel';
const SEARCH_DELAY_MS = 300;

const isSort = (value: string): value is ShopSort => SHOP_SORTS.some((sort) => sort === value);

/** Every choice lives in the URL, so a filtered shop survives a reload and can be shared. */
function useShopFilter() {
  const [searchParams, setSearchParams] = useSearchParams();
  const filter = filterFromParams(searchParams);
  const setFilter = (change: Partial<ShopFilter>) =>
    setSearchParams(filterToParams({ ...filter, ...change }), { replace: true });
  return { filter, setFilter };
}

/** The search box types freely and writes to the URL once typing pauses. */
function SearchBox({ value, onSearch }: { value: string; onSearch: (search: string) => void }) {
  const [text, setText] = useState(value);
  const [shownValue, setShownValue] = useState(value);
  if (shownValue !== value) {
    setShownValue(value);
    setText(value);
  }
  // The latest callback without restarting the pause each time the page re-renders.
  const search = useRef(onSearch);
  search.current = onSearch;
  useEffect(() => {
    if (text.trim() === value) return;
    const timer = setTimeout(() => search.current(text), SEARCH_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, value]);
  return (
    <div className="relative flex-1">
      <Search
        className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-muted-foreground"
        aria-hidden="true"
      />
      <Input
        type="search"
        aria-label="Search products"
        placeholder="Search products..."
        maxLength={100}
        className="pl-9"
        value={text}
        onChange={(event) => setText(event.target.value)}
        onKeyDown={(event) => event.key === 'Enter' && onSearch(text)}
      />
    </div>
  );
}

function LoadingCards() {
  return (
    <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" role="status" aria-label="Loading products">
      {[0, 1, 2].map((key) => (
        <li key={key}>
          <Card className="overflow-hidden">
            <Skeleton className="aspect-[16/10] rounded-none" />
            <CardContent className="grid gap-3 pt-4">
              <Skeleton className="h-4 w-1/3" />
              <Skeleton className="h-6 w-2/3" />
              <Skeleton className="h-10" />
              <Skeleton className="h-10" />
            </CardContent>
          </Card>
        </li>
      ))}
    </ul>
  );
}

export function ShopPage() {
  usePageMeta(SHOP_PAGE);
  const { filter, setFilter } = useShopFilter();
  const { data: profile } = useProfile();
  const isAdmin = profile?.role === 'admin';
  const [isPanelOpen, setIsPanelOpen] = useState(panelFilterCount(filter) > 0);
  const products = useQuery(productListQuery(filter, isAdmin));
  const shown = products.data?.products ?? [];
  const listed = products.isPlaceholderData ? undefined : products.data?.products;
  useEffect(() => {
    if (listed) dispatchCart({ type: 'sync', products: listed });
  }, [listed]);
  const panelCount = panelFilterCount(filter);

  return (
    <div className="mx-auto max-w-7xl px-4 pb-16 sm:px-6">
      <PageHeading title={title} description={description}>
        {profile ? (
          <Button asChild variant="outline">
            <Link to={paths.shopOrders}>
              <Receipt aria-hidden="true" />
              My Orders
            </Link>
          </Button>
        ) : null}
      </PageHeading>

      <div className="mb-4 flex flex-col gap-3 sm:flex-row">
        <SearchBox value={filter.search} onSearch={(search) => setFilter({ search: search.trim() })} />
        <div className="flex gap-3">
          <NativeSelect
            aria-label="Sort by"
            className="flex-1 sm:w-52"
            value={filter.sort}
            onChange={(event) => isSort(event.target.value) && setFilter({ sort: event.target.value })}
          >
            {SHOP_SORTS.map((sort) => (
              <option key={sort} value={sort}>
                {SHOP_SORT_LABELS[sort]}
              </option>
            ))}
          </NativeSelect>
          <Button
            variant="outline"
            className="h-10"
            aria-expanded={isPanelOpen}
            aria-controls={FILTER_PANEL_ID}
            onClick={() => setIsPanelOpen((open) => !open)}
          >
            <SlidersHorizontal aria-hidden="true" />
            Filter
            {panelCount > 0 ? (
              <Badge variant="pink" aria-label={`${panelCount} active`}>
                {panelCount}
              </Badge>
            ) : null}
          </Button>
        </div>
      </div>

      {isPanelOpen ? (
        <div className="mb-4">
          <FilterPanel
            key={`${filter.minCents}-${filter.maxCents}-${filter.digital}`}
            id={FILTER_PANEL_ID}
            filter={filter}
            onApply={(choice) => setFilter(choice)}
          />
        </div>
      ) : null}

      <fieldset className="mb-6 flex max-w-full flex-wrap justify-center gap-2">
        <legend className="sr-only">Categories</legend>
        {[null, ...SHOP_CATEGORIES].map((chip) => {
          const isActive = chip === filter.category;
          return (
            <button
              key={chip ?? 'all'}
              type="button"
              aria-pressed={isActive}
              onClick={() => setFilter({ category: chip })}
              className={cn(
                'cursor-pointer rounded-full border px-3 py-1 text-sm font-semibold transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring',
                isActive
                  ? 'border-pink bg-pink/15 text-pink'
                  : 'border-border text-muted-foreground hover:border-pink/60 hover:text-foreground',
              )}
            >
              {chip ?? 'All'}
            </button>
          );
        })}
      </fieldset>

      {products.isPending || (products.isPlaceholderData && shown.length === 0) ? (
        <LoadingCards />
      ) : products.isError && !products.data ? (
        <LoadFailed query={products} message="We could not load the shop." />
      ) : shown.length === 0 ? (
        <div className="flex flex-col items-center gap-4 py-16 text-center">
          <PackageSearch className="size-12 text-muted-foreground" aria-hidden="true" />
          <p className="text-lg font-semibold">No products found</p>
          <p className="text-muted-foreground">Try another search, category or price range.</p>
          {hasAnyFilter(filter) ? (
            <Button variant="outline" onClick={() => setFilter({ ...DEFAULT_SHOP_FILTER, sort: filter.sort })}>
              Clear filters
            </Button>
          ) : null}
        </div>
      ) : (
        <ul
          className="grid grid-cols-1 gap-6 transition-opacity sm:grid-cols-2 lg:grid-cols-3 aria-busy:opacity-60"
          aria-label="Products"
          aria-busy={products.isPlaceholderData}
        >
          {shown.map((product) => (
            <li key={product.id}>
              <ProductCard product={product} isAdmin={isAdmin} viewerId={profile?.id ?? null} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
