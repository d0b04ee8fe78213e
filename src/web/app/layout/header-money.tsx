import type { Profile } from '@shared/auth';
import { formatCents } from '@shared/money';
import { useQuery } from '@tanstack/react-query';
import { Skeleton } from '@/components/ui/skeleton';
import { earningsQuery } from '@/features/wallet/earnings-query';
import { paths } from '@/lib/paths';
import { FigureIcon, type HeaderFigure, WalletChip } from './wallet-chip';

/**
 * The money the header shows (decision 057): a client their wallet; a reader what they can withdraw
 * (earnings available, not the wallet, which a reader rarely fills), and their wallet beside it only
 * when there is something in it to spend as a client. Null while a reader's earnings load.
 */
export function useHeaderFigures(profile: Profile): HeaderFigure[] | null {
  const isReader = profile.role === 'reader';
  const earnings = useQuery({ ...earningsQuery, enabled: isReader });
  const wallet: HeaderFigure = {
    kind: 'wallet',
    label: 'Wallet balance',
    cents: profile.walletBalanceCents,
    to: paths.dashboardWallet,
  };
  if (!isReader) return [{ ...wallet, to: profile.role === 'client' ? paths.dashboardWallet : paths.dashboard }];
  if (!earnings.data) return null;
  const withdrawable: HeaderFigure = {
    kind: 'withdrawable',
    label: 'Available to withdraw',
    cents: earnings.data.availableCents,
    to: paths.dashboardEarnings,
  };
  return profile.walletBalanceCents > 0 ? [withdrawable, { ...wallet, to: paths.dashboard }] : [withdrawable];
}

/**
 * The header's figures as chips; a reader's each say what they are. Beside the nav (md to lg) there
 * is room for one: a reader's wallet then shows in the account and mobile menus only.
 */
export function HeaderMoneyChips({ profile }: { profile: Profile }) {
  const figures = useHeaderFigures(profile);
  if (!figures) return <Skeleton className="h-8 w-24 rounded-full" role="status" aria-label="Loading earnings" />;
  const isLabelled = profile.role === 'reader';
  return (
    <>
      {figures.map((figure) => (
        <WalletChip
          key={figure.kind}
          figure={figure}
          isLabelled={isLabelled}
          className={isLabelled && figure.kind === 'wallet' ? 'md:max-xl:hidden' : undefined}
        />
      ))}
    </>
  );
}

/** The same figures as labelled rows, for the mobile menu. */
export function HeaderMoneyRows({ profile }: { profile: Profile }) {
  const figures = useHeaderFigures(profile);
  if (!figures) return <Skeleton className="h-8 w-full" role="status" aria-label="Loading earnings" />;
  return (
    <div className="grid gap-2">
      {figures.map((figure) => (
        <div key={figure.kind} className="flex items-center justify-between gap-3">
          <span className="text-sm text-muted-foreground">{figure.label}</span>
          <WalletChip figure={figure} isLabelled={false} />
        </div>
      ))}
    </div>
  );
}

/** The same figures as lines of text, for the account menu. */
export function HeaderMoneyLines({ profile }: { profile: Profile }) {
  const figures = useHeaderFigures(profile) ?? [];
  return figures.map((figure) => (
    <span
      key={figure.kind}
      className="mt-1 flex items-center gap-1.5 text-sm font-semibold text-gold"
      data-testid={`menu-${figure.kind}`}
    >
      <FigureIcon kind={figure.kind} />
      {figure.label}: {formatCents(figure.cents)}
    </span>
  ));
}
