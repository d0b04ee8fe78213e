import { PageHeading } from '@/components/page-heading';

export function ThreadPage() {
  return <PageHeading title="Discussion" />;
}
