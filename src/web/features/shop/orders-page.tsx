import { PageHeading } from '@/components/page-heading';

export function OrdersPage() {
  return <PageHeading title="My Orders" />;
}
