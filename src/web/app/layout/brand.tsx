import { Moon } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

export function Brand({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <Link
      to={paths.home}
      onClick={onNavigate}
      className="flex items-center gap-2 rounded-full text-foreground"
      aria-label="Soul Tribe home"
    >
      <span className="flex size-9 items-center justify-center rounded-full bg-gradient-to-br from-primary to-violet-700 text-white shadow-lg shadow-primary/30">
        <Moon className="size-5" aria-hidden="true" />
      </span>
      <span className="font-script text-3xl leading-none text-pink">Soul Tribe</span>
    </Link>
  );
}
