import { SUPPORT_EMAIL } from '@shared/constants';
import { Mail } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';
import { Brand } from './brand';

const platformLinks = [
  { to: paths.readers, label: 'Readers' },
  { to: paths.live, label: 'Live' },
  { to: paths.shop, label: 'Shop' },
  { to: paths.community, label: 'Community' },
  { to: paths.about, label: 'About' },
  { to: paths.apply, label: 'Become a reader' },
] as const;

const linkClass = 'text-muted-foreground transition-colors hover:text-pink';

export function SiteFooter() {
  return (
    <footer className="mt-16 border-t border-border/70 bg-background/80 backdrop-blur">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:px-6 md:grid-cols-[2fr_1fr_1fr]">
        <div className="grid content-start gap-3">
          <Brand />
          <p className="max-w-sm text-sm text-muted-foreground">
            Guidance for the soul, one honest minute at a time. Connect with verified readers by chat, audio or video.
          </p>
        </div>
        <nav aria-label="Platform">
          <h2 className="mb-3 font-semibold text-gold">Platform</h2>
          <ul className="grid gap-2 text-sm">
            {platformLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className={linkClass}>
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Support">
          <h2 className="mb-3 font-semibold text-gold">Support</h2>
          <ul className="grid gap-2 text-sm">
            <li>
              <a href={`mailto:${SUPPORT_EMAIL}`} className={`${linkClass} inline-flex items-center gap-1.5`}>
                <Mail className="size-4" aria-hidden="true" />
                Contact Us
              </a>
            </li>
            <li>
              <Link to={paths.policies} className={linkClass}>
                Terms &amp; Policies
              </Link>
            </li>
            <li>
              <Link to={paths.help} className={linkClass}>
                Help Center
              </Link>
            </li>
          </ul>
        </nav>
      </div>
      <div className="border-t border-border/70">
        <p className="mx-auto max-w-7xl px-4 py-6 text-center text-sm text-muted-foreground sm:px-6">
          © {new Date().getFullYear()} Soul Tribe. All rights reserved.
        </p>
      </div>
    </footer>
  );
}
