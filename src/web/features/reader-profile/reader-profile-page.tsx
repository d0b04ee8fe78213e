import { readerPageMeta } from '@shared/reader-page-meta';
import type { Reader } from '@shared/readers';
import { useQuery } from '@tanstack/react-query';
import { ArrowLeft } from 'lucide-react';
import { Link, useParams } from 'react-router';
import { LoadFailed } from '@/components/list-states';
import { BookReadingSection } from '@/features/appointments';
import { BlockButton } from '@/features/blocks';
import { AskQuestionSection } from '@/features/written-readings';
import { useProfile } from '@/lib/auth';
import { usePageMeta } from '@/lib/page-meta';
import { usePageNow } from '@/lib/page-now';
import { paths } from '@/lib/paths';
import { useDisplayTimeZone } from '@/lib/use-display-time-zone';
import { describeUsualAvailability } from '@/lib/usual-availability';
import { AboutReader } from './about-reader';
import { isNotFound, readerProfileQuery, useLiveReaderPresence, VISITOR_REFRESH_MS } from './api';
import { ProfileHeader } from './profile-header';
import { ProfileSkeleton } from './profile-skeleton';
import { ReaderNotFound } from './reader-not-found';
import { ReadingOptions } from './reading-options';
import { ReviewsSection } from './reviews-section';

function ReaderProfile({ reader }: { reader: Reader }) {
  const { timeZone, isViewers: isTimeZoneKnown } = useDisplayTimeZone();
  const usualHours = describeUsualAvailability(reader.schedule, timeZone, usePageNow());
  return (
    <div className="grid gap-6">
      <ProfileHeader reader={reader} />
      <div className="grid items-start gap-6 lg:grid-cols-[1fr_20rem]">
        <aside className="grid gap-6 lg:sticky lg:top-24 lg:col-start-2 lg:row-start-1">
          <ReadingOptions reader={reader} usualHours={usualHours} isTimeZoneKnown={isTimeZoneKnown} />
          <BookReadingSection reader={reader} />
          <AskQuestionSection reader={reader} />
          {/* Last and quiet: a way out for a client who needs one, not a call to action. */}
          <BlockButton userId={reader.id} name={reader.fullName} theirRole="reader" className="justify-self-end" />
        </aside>
        <div className="grid min-w-0 gap-6 lg:col-start-1 lg:row-start-1">
          <AboutReader reader={reader} usualHours={usualHours} isTimeZoneKnown={isTimeZoneKnown} />
          <ReviewsSection readerId={reader.id} />
        </div>
      </div>
    </div>
  );
}

/** Meta for each state of the page: the reader's own once known. */
function pageMeta(reader: Reader | undefined, isMissing: boolean) {
  if (reader) return readerPageMeta(reader);
  if (isMissing) return { title: 'Reader not found', description: 'No reader goes by that name on Soul Tribe.' };
  return { title: 'Reader profile', description: 'A Soul Tribe reader: their specialties, rates and reviews.' };
}

/** /readers/:username: everything a seeker weighs before choosing a reader, live while it is open. */
export function ReaderProfilePage() {
  const { username = '' } = useParams();
  const { data: viewer } = useProfile();
  // Signed-in viewers hear status changes over their socket; visitors have none, so they ask again.
  const query = useQuery({
    ...readerProfileQuery(username),
    refetchInterval: viewer === null ? VISITOR_REFRESH_MS : false,
  });
  useLiveReaderPresence(username);
  const isMissing = isNotFound(query.error);
  usePageMeta(pageMeta(query.data, isMissing));

  return (
    <div className="mx-auto grid max-w-6xl gap-6 px-4 pt-8 pb-16 sm:px-6">
      <Link
        to={paths.readers}
        className="flex w-fit items-center gap-1.5 text-sm font-semibold text-muted-foreground hover:text-foreground"
      >
        <ArrowLeft className="size-4" aria-hidden="true" />
        Back to readers
      </Link>
      {query.data ? (
        <ReaderProfile reader={query.data} />
      ) : query.isPending ? (
        <ProfileSkeleton />
      ) : isMissing ? (
        <ReaderNotFound />
      ) : (
        <LoadFailed query={query} message="We could not load this reader." />
      )}
    </div>
  );
}
