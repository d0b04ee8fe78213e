import { useParams } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { usePageMeta } from '@/lib/page-meta';

export function LiveStreamPage() {
  const { id } = useParams();
  usePageMeta({ title: 'Live Stream', description: 'Watch a Soul Tribe reader live, with chat and gifts.' });
  return <PageHeading title="Live Stream" description={`Stream ${id ?? ''} will appear here with its chat and gifts.`} />;
}
