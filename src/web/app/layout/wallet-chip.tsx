import { formatCents } from '@shared/money';
import { Wallet } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '@/lib/paths';

export function WalletChip({ balanceCents, role }: { balanceCents: number; role: string }) {
  const balance = formatCents(balanceCents);
  return (
    <Link
      to={role === 'client' ? paths.dashboardWallet : paths.dashboard}
      className="inline-flex items-center gap-1.5 rounded-full border border-gold/50 bg-gold/10 px-3 py-1.5 text-sm font-semibold text-gold transition-colors hover:bg-gold/20"
      aria-label={`Wallet balance ${balance}`}
      data-testid="wallet-chip"
    >
      <Wallet className="size-4" aria-hidden="true" />
      {balance}
    </Link>
  );
}
