// @vitest-environment jsdom
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { messages } from '../../../../../shared/messages';
import { renderRoutes } from '../../../testing/render';
import { AuthConsentRoute, missingAccess, reconsentUrl } from './auth-consent';

afterEach(() => cleanup());

const routes = [{ path: '/auth/consent', element: <AuthConsentRoute /> }];

describe('re-consent screen', () => {
  it('says what Google access is missing and asks for it again', () => {
    renderRoutes(routes, { path: '/auth/consent?missing=gmail,sheets&redirect=/settings' });
    expect(screen.getByRole('heading', { name: messages.auth.consentHeading })).toBeTruthy();
    expect(screen.getByText(messages.auth.consentMissing.gmail)).toBeTruthy();
    expect(screen.getByText(messages.auth.consentMissing.sheets)).toBeTruthy();
    expect(screen.queryByText(messages.auth.consentMissing.drive)).toBeNull();
    const retry = screen.getByRole('link', { name: messages.auth.consentRetry });
    const url = new URL(retry.getAttribute('href')!, 'http://localhost');
    expect(url.pathname).toBe('/auth/login');
    expect(Object.fromEntries(url.searchParams)).toEqual({ prompt: 'consent', include_granted_scopes: 'true', redirect: '/settings' });
    expect(screen.getByRole('link', { name: messages.auth.consentSkip }).getAttribute('href')).toBe('/auth/success?invite_accepted=false&redirect=%2Fsettings');
  });

  it('ignores unknown accesses and off-site redirects', () => {
    expect(missingAccess('sheets,evil,gmail')).toEqual(['gmail', 'sheets']);
    expect(missingAccess(null)).toEqual([]);
    expect(new URL(reconsentUrl('/'), 'http://localhost').searchParams.get('redirect')).toBe('/');
    renderRoutes(routes, { path: '/auth/consent?missing=drive&redirect=//evil.example' });
    const retry = new URL(screen.getByRole('link', { name: messages.auth.consentRetry }).getAttribute('href')!, 'http://localhost');
    expect(retry.searchParams.get('redirect')).toBe('/');
  });
});
