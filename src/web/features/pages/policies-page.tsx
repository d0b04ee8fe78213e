import { SUPPORT_EMAIL } from '@shared/constants';
import { POLICIES_PAGE } from '@shared/public-pages';
import { useSearchParams } from 'react-router';
import { PageHeading } from '@/components/page-heading';
import { Card, CardContent } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { usePageMeta } from '@/lib/page-meta';
import { type PolicyTab, policyTabs } from '@/lib/paths';
import { CommunityGuidelines } from './policies/community-guidelines';
import { PrivacyPolicy } from './policies/privacy-policy';
import { TermsOfService } from './policies/terms-of-service';

/** The date of the policies' current wording: change it with every change of their text. */
export const POLICIES_LAST_UPDATED = 'November 23, 2026';

/** Each tab is shared by its own link (/terms, /privacy), so each names the tab it shows. */
const policyMeta: Record<PolicyTab, { title: string; description: string }> = {
  terms: { title: POLICIES_PAGE.title, description: POLICIES_PAGE.description },
  privacy: {
    title: 'Privacy Policy',
    description:
      'What Soul Tribe collects, how long it keeps it, how it is used and how to have it corrected or deleted.',
  },
  guidelines: {
    title: 'Community Guidelines',
    description:
      'How seekers and readers treat each other on Soul Tribe, how to report a problem and what happens next.',
  },
};

function isPolicyTab(value: string | null): value is PolicyTab {
  return policyTabs.some((tab) => tab === value);
}

export function PoliciesPage() {
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: PolicyTab = isPolicyTab(requested) ? requested : 'terms';
  usePageMeta(policyMeta[tab]);

  return (
    <div className="pb-8">
      <PageHeading
        title="Terms & Policies"
        description="How Soul Tribe works, how we protect you, and what we expect from everyone here."
      />
      <div className="mx-auto max-w-4xl px-4">
        <Tabs
          value={tab}
          onValueChange={(value) => isPolicyTab(value) && setSearchParams({ tab: value }, { replace: true })}
          className="flex flex-col items-center"
        >
          <TabsList>
            <TabsTrigger value="terms">Terms of Service</TabsTrigger>
            <TabsTrigger value="privacy">Privacy Policy</TabsTrigger>
            <TabsTrigger value="guidelines">Community Guidelines</TabsTrigger>
          </TabsList>
          <Card className="mt-6 w-full">
            <CardContent className="pt-6">
              <TabsContent value="terms" className="mt-0">
                <h2 className="mb-6 text-2xl font-semibold">Terms of Service</h2>
                <TermsOfService />
              </TabsContent>
              <TabsContent value="privacy" className="mt-0">
                <h2 className="mb-6 text-2xl font-semibold">Privacy Policy</h2>
                <PrivacyPolicy />
              </TabsContent>
              <TabsContent value="guidelines" className="mt-0">
                <h2 className="mb-6 text-2xl font-semibold">Community Guidelines</h2>
                <CommunityGuidelines />
              </TabsContent>
            </CardContent>
          </Card>
        </Tabs>
        <footer className="mt-8 grid gap-1 text-center text-sm text-muted-foreground">
          <p>Last updated: {POLICIES_LAST_UPDATED}</p>
          <p>
            Questions? Contact us at{' '}
            <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-pink underline-offset-4 hover:underline">
              {SUPPORT_EMAIL}
            </a>
          </p>
        </footer>
      </div>
    </div>
  );
}
