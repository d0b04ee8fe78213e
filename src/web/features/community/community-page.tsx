import { PageHeading } from '@/components/page-heading';
import { usePageMeta } from '@/lib/page-meta';

const description = 'Share experiences, ask questions and learn from fellow seekers and readers.';

export function CommunityPage() {
  usePageMeta({ title: 'Community', description });
  return <PageHeading title="Soul Tribe Community" description={description} />;
}
