import { useParams } from 'react-router';
import { PageHeading } from '@/components/page-heading';

export function LiveStreamPage() {
  const { id } = useParams();
  return <PageHeading title="Live Stream" description={`Stream ${id ?? ''} will appear here with its chat and gifts.`} />;
}
