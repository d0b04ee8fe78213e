import { PageHeading } from '@/components/page-heading';

export function ShopPage() {
  return (
    <PageHeading
      title="Spiritual Shop"
      description="Crystals, tarot decks and courses chosen by our readers to support your practice."
    />
  );
}
