import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirect';

describe('safeRedirectPath', () => {
  it('keeps same-site paths with their query', () => {
    expect(safeRedirectPath('/dashboard/wallet')).toBe('/dashboard/wallet');
    expect(safeRedirectPath('/reading/abc?type=video')).toBe('/reading/abc?type=video');
  });

  it('defaults to the dashboard', () => {
    expect(safeRedirectPath(null)).toBe('/dashboard');
    expect(safeRedirectPath('')).toBe('/dashboard');
  });

  it('refuses other sites and protocol-relative tricks', () => {
    expect(safeRedirectPath('https://evil.example')).toBe('/dashboard');
    expect(safeRedirectPath('//evil.example')).toBe('/dashboard');
    expect(safeRedirectPath('/\\evil.example')).toBe('/dashboard');
    expect(safeRedirectPath('javascript:alert(1)')).toBe('/dashboard');
  });

  it('never sends a signed-in user back to the sign-in pages', () => {
    expect(safeRedirectPath('/login')).toBe('/dashboard');
    expect(safeRedirectPath('/signup?redirect=/x')).toBe('/dashboard');
  });
});
