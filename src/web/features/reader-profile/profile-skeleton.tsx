import { Card, CardContent } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';

/** The profile's shape while it loads, so nothing jumps when it arrives. */
export function ProfileSkeleton() {
  return (
    <div className="grid gap-6" role="status" aria-label="Loading the reader's profile">
      <Card>
        <CardContent className="flex flex-col items-center gap-5 pt-6 sm:flex-row sm:items-start">
          <Skeleton className="size-28 rounded-full sm:size-32" />
          <div className="grid w-full flex-1 gap-3">
            <Skeleton className="mx-auto h-10 w-2/3 sm:mx-0" />
            <Skeleton className="mx-auto h-5 w-24 sm:mx-0" />
            <Skeleton className="mx-auto h-5 w-1/2 sm:mx-0" />
          </div>
        </CardContent>
      </Card>
      <div className="grid gap-6 lg:grid-cols-[1fr_20rem]">
        <Skeleton className="h-56 rounded-2xl" />
        <Skeleton className="h-56 rounded-2xl" />
      </div>
    </div>
  );
}
