import type { Profile } from '@shared/auth';
import { LogOut } from 'lucide-react';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '@/components/ui/dropdown-menu';
import { paths } from '@/lib/paths';
import { roleLabel, roleLinks } from '@/lib/role-links';
import { HeaderMoneyLines } from './header-money';
import { UserAvatar } from './user-avatar';
import { useSignOut } from './use-sign-out';

export function UserMenu({ profile }: { profile: Profile }) {
  const { signOut, isSigningOut } = useSignOut();
  return (
    <DropdownMenu>
      <DropdownMenuTrigger
        className="cursor-pointer rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-ring"
        aria-label={`Account menu for ${profile.fullName || profile.email}`}
      >
        <UserAvatar name={profile.fullName} email={profile.email} avatarUrl={profile.avatarUrl} />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end" className="w-64">
        <DropdownMenuLabel className="grid gap-1">
          <span className="flex items-center justify-between gap-2">
            <span className="truncate font-semibold">{profile.fullName}</span>
            <Badge variant="pink" data-testid="role-badge">
              {roleLabel(profile.role)}
            </Badge>
          </span>
          {profile.email ? <span className="truncate text-xs text-muted-foreground">{profile.email}</span> : null}
          <HeaderMoneyLines profile={profile} />
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        <DropdownMenuGroup>
          {roleLinks(profile.role).map((link) => (
            <DropdownMenuItem key={link.to} asChild>
              <Link to={link.to}>{link.label}</Link>
            </DropdownMenuItem>
          ))}
          <DropdownMenuItem asChild>
            <Link to={paths.notificationSettings}>Notifications</Link>
          </DropdownMenuItem>
        </DropdownMenuGroup>
        <DropdownMenuSeparator />
        <DropdownMenuItem disabled={isSigningOut} onSelect={() => void signOut()}>
          <LogOut aria-hidden="true" />
          Sign out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
