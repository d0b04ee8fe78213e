import { PageHeading } from '@/components/page-heading';

export function CommunityPage() {
  return (
    <PageHeading
      title="Soul Tribe Community"
      description="Share experiences, ask questions and learn from fellow seekers and readers."
    />
  );
}
