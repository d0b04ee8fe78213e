import { PageHeading } from '@/components/page-heading';

export function AboutPage() {
  return (
    <PageHeading
      title="About Soul Tribe"
      description="For more than 15 years and over 10,000 readings, we have connected seekers with gifted, verified readers: authentic connection, sacred privacy and empowerment in every session."
    />
  );
}
