import { HOME_PAGE } from '@shared/home-page-meta';
import { useProfile } from '@/lib/auth';
import { usePageMeta } from '@/lib/page-meta';
import { paths } from '@/lib/paths';
import { ClosingCall } from './home/closing-call';
import { FeatureGrid } from './home/feature-grid';
import { FeaturedReaders } from './home/featured-readers';
import { Hero } from './home/hero';
import { Testimonials } from './home/testimonials';

export function HomePage() {
  usePageMeta(HOME_PAGE);
  const { data: profile } = useProfile();
  // SPEC.md 'Home': both calls to action lead to the dashboard once a session exists.
  const journeyHref = profile ? paths.dashboard : paths.signup;
  return (
    <>
      <Hero journeyHref={journeyHref} />
      <FeatureGrid />
      <FeaturedReaders isSignedIn={Boolean(profile)} />
      <Testimonials />
      <ClosingCall journeyHref={journeyHref} />
    </>
  );
}
