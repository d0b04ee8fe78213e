import { describe, expect, it } from 'vitest';
import { roleLabel, roleLinks } from './role-links';

const labels = (role: string) => roleLinks(role).map((link) => `${link.to} ${link.label}`);

describe('roleLinks', () => {
  it('gives clients their dashboard, sessions, wallet and orders', () => {
    expect(labels('client')).toEqual([
      '/dashboard Dashboard',
      '/dashboard/sessions My Sessions',
      '/dashboard/wallet Wallet',
      '/shop/orders My Orders',
    ]);
  });

  it('gives readers their dashboard, sessions, earnings, schedule and orders', () => {
    expect(labels('reader')).toEqual([
      '/dashboard Reader Dashboard',
      '/dashboard/sessions My Sessions',
      '/dashboard/earnings Earnings',
      '/dashboard/schedule Schedule',
      '/shop/orders My Orders',
    ]);
  });

  it('gives admins the admin dashboard, users, all sessions, analytics and orders', () => {
    expect(labels('admin')).toEqual([
      '/dashboard Admin Dashboard',
      '/dashboard/users Users',
      '/dashboard/sessions All Sessions',
      '/dashboard/analytics Analytics',
      '/shop/orders My Orders',
    ]);
  });

  it('gives an unknown role only the dashboard, which explains the problem', () => {
    expect(labels('wizard')).toEqual(['/dashboard Dashboard']);
    expect(labels('toString')).toEqual(['/dashboard Dashboard']);
  });
});

describe('roleLabel', () => {
  it('names known roles and passes unknown ones through', () => {
    expect(roleLabel('reader')).toBe('Reader');
    expect(roleLabel('wizard')).toBe('wizard');
  });
});
