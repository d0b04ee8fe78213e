import { PageHeading } from '@/components/page-heading';

export function LivePage() {
  return (
    <PageHeading
      title="Live Streams"
      description="Join readers live for group tarot pulls, mediumship circles and guided manifestation sessions."
    />
  );
}
