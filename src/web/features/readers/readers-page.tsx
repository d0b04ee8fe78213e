import { PageHeading } from '@/components/page-heading';

export function ReadersPage() {
  return (
    <PageHeading
      title="Our Gifted Readers"
      description="Browse verified psychics, tarot readers and mediums, compare their per-minute rates and connect with the one who speaks to you."
    />
  );
}
