import { useParams } from 'react-router';
import { PageHeading } from '@/components/page-heading';

export function ReadingPage() {
  const { id } = useParams();
  return <PageHeading title="Your Reading" description={`Reading session ${id ?? ''} will open here with video, audio and chat.`} />;
}
