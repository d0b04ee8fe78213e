import { PageHeading } from '@/components/page-heading';
import { usePageMeta } from '@/lib/page-meta';

const description = 'Join readers live for group tarot pulls, mediumship circles and guided manifestation sessions.';

export function LivePage() {
  usePageMeta({ title: 'Live Streams', description });
  return <PageHeading title="Live Streams" description={description} />;
}
