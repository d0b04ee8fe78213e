import { PageHeading } from '@/components/page-heading';
import { usePageMeta } from '@/lib/page-meta';

const description = 'Crystals, tarot decks and courses chosen by our readers to support your practice.';

export function ShopPage() {
  usePageMeta({ title: 'Spiritual Shop', description });
  return <PageHeading title="Spiritual Shop" description={description} />;
}
