import { NavLink } from 'react-router';
import { cn } from '@/lib/cn';
import { paths, publicNavLinks } from '@/lib/paths';

/** The public navigation; NavLink marks the current route with aria-current="page". */
export function NavLinks({
  orientation,
  onNavigate,
}: {
  orientation: 'horizontal' | 'vertical';
  onNavigate?: () => void;
}) {
  return (
    <ul className={cn('flex', orientation === 'horizontal' ? 'items-center gap-1' : 'flex-col gap-1')}>
      {publicNavLinks.map((link) => (
        <li key={link.to}>
          <NavLink
            to={link.to}
            end={link.to === paths.home}
            onClick={onNavigate}
            className={({ isActive }) =>
              cn(
                'block rounded-full px-3 py-2 text-sm font-semibold transition-colors',
                orientation === 'vertical' && 'px-4 py-3 text-base',
                isActive ? 'bg-pink/15 text-pink' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
              )
            }
          >
            {link.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
