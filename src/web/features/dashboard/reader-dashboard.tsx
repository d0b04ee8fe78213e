import type { Profile } from '@shared/auth';
import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { toast } from 'sonner';
import { Alert } from '@/components/ui/alert';
import { PayoutsCard } from '../wallet/payouts-card';
import { DashboardShell } from './dashboard-shell';
import { myReaderQuery } from './reader/reader-api';
import { ReaderAvailability } from './reader/reader-availability';
import { ReaderOverview } from './reader/reader-overview';

export function ReaderDashboard({ profile }: { profile: Profile }) {
  const reader = useQuery(myReaderQuery);
  const firstName = reader.data?.firstName ?? profile.fullName.split(' ')[0] ?? profile.fullName;

  useEffect(() => {
    if (reader.isError) toast.error('Failed to load dashboard data');
  }, [reader.isError]);

  return (
    <DashboardShell
      title="Reader Dashboard"
      subtitle={`Welcome back, ${firstName}`}
      actions={reader.data ? <ReaderAvailability reader={reader.data} /> : null}
    >
      {reader.data ? (
        <>
          <ReaderOverview reader={reader.data} />
          <div className="mt-6">
            <PayoutsCard />
          </div>
        </>
      ) : reader.isError ? (
        <Alert variant="destructive" className="mt-8">
          Failed to load dashboard data
        </Alert>
      ) : (
        <p className="mt-8 text-muted-foreground" role="status">
          Loading...
        </p>
      )}
    </DashboardShell>
  );
}
