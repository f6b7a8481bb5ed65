import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../config.js';
import { isAllowedProviderUrl, parseIdentityProviders } from './provider-config.js';
import { namesOf } from './identity-providers.js';

describe('identity providers from the environment', () => {
  it('none unless AUTH_PROVIDERS names them', () => {
    expect(parseIdentityProviders({})).toEqual([]);
    expect(loadConfig({ JWT_SECRET: 'x'.repeat(32) }).identityProviders).toEqual([]);
  });

  it('reads each provider: Google and GitHub need only their client, others an issuer or discovery document', () => {
    const list = parseIdentityProviders({
      AUTH_PROVIDERS: 'google, github,company-sso,ghe',
      AUTH_GOOGLE_CLIENT_ID: 'g-id',
      AUTH_GOOGLE_CLIENT_SECRET: 'g-secret',
      AUTH_GITHUB_CLIENT_ID: 'gh-id',
      AUTH_GITHUB_CLIENT_SECRET: 'gh-secret',
      AUTH_COMPANY_SSO_CLIENT_ID: 'kc',
      AUTH_COMPANY_SSO_DISCOVERY_URL: 'https://sso.example.com/realms/main/.well-known/openid-configuration',
      AUTH_COMPANY_SSO_NAME: 'Company SSO',
      AUTH_COMPANY_SSO_SCOPES: 'email profile groups',
      AUTH_GHE_TYPE: 'github',
      AUTH_GHE_CLIENT_ID: 'e',
      AUTH_GHE_CLIENT_SECRET: 'e-secret',
      AUTH_GHE_URL: 'https://github.example.com/',
    });
    expect(list).toEqual([
      {
        kind: 'oidc',
        id: 'google',
        name: 'Google',
        clientId: 'g-id',
        clientSecret: 'g-secret',
        issuer: 'https://accounts.google.com',
        scopes: ['openid', 'email', 'profile'],
      },
      {
        kind: 'github',
        id: 'github',
        name: 'GitHub',
        clientId: 'gh-id',
        clientSecret: 'gh-secret',
        webUrl: 'https://github.com',
        apiUrl: 'https://api.github.com',
        scopes: ['read:user', 'user:email'],
      },
      {
        kind: 'oidc',
        id: 'company-sso',
        name: 'Company SSO',
        clientId: 'kc',
        discoveryUrl: 'https://sso.example.com/realms/main/.well-known/openid-configuration',
        scopes: ['openid', 'email', 'profile', 'groups'],
      },
      {
        kind: 'github',
        id: 'ghe',
        name: 'Ghe',
        clientId: 'e',
        clientSecret: 'e-secret',
        webUrl: 'https://github.example.com',
        apiUrl: 'https://github.example.com/api/v3',
        scopes: ['read:user', 'user:email'],
      },
    ]);
  });

  it('says what is missing or wrong', () => {
    const bad: Array<[Record<string, string>, RegExp]> = [
      [{ AUTH_PROVIDERS: 'Bad_Id' }, /not a valid id/],
      [{ AUTH_PROVIDERS: 'a,a', AUTH_A_CLIENT_ID: 'x', AUTH_A_ISSUER: 'https://a.example' }, /listed twice/],
      [{ AUTH_PROVIDERS: 'google' }, /AUTH_GOOGLE_CLIENT_ID is required/],
      [{ AUTH_PROVIDERS: 'keycloak', AUTH_KEYCLOAK_CLIENT_ID: 'x' }, /AUTH_KEYCLOAK_ISSUER \(or AUTH_KEYCLOAK_DISCOVERY_URL\) is required/],
      [{ AUTH_PROVIDERS: 'github', AUTH_GITHUB_CLIENT_ID: 'x' }, /AUTH_GITHUB_CLIENT_SECRET is required/],
      [{ AUTH_PROVIDERS: 'kc', AUTH_KC_CLIENT_ID: 'x', AUTH_KC_ISSUER: 'http://sso.example.com' }, /must be an https:\/\/ URL/],
      [{ AUTH_PROVIDERS: 'kc', AUTH_KC_CLIENT_ID: 'x', AUTH_KC_ISSUER: 'https://a', AUTH_KC_TYPE: 'saml' }, /TYPE must be oidc or github/],
    ];
    for (const [env, message] of bad) expect(() => parseIdentityProviders(env)).toThrow(message);
    expect(() => parseIdentityProviders({ AUTH_PROVIDERS: 'google' })).toThrow(ConfigError);
  });

  it('http only for a provider on this machine', () => {
    expect(isAllowedProviderUrl('https://sso.example.com')).toBe(true);
    expect(isAllowedProviderUrl('http://127.0.0.1:47000')).toBe(true);
    expect(isAllowedProviderUrl('http://localhost:8080/realms/x')).toBe(true);
    expect(isAllowedProviderUrl('http://sso.internal')).toBe(false);
    expect(isAllowedProviderUrl('javascript:alert(1)')).toBe(false);
  });

  it('names from the claims: given and family name, else the full name split, else the e-mail', () => {
    expect(namesOf({ given_name: ' Grace ', family_name: 'Hopper' }, 'x')).toEqual({ firstName: 'Grace', lastName: 'Hopper' });
    expect(namesOf({ name: 'Mona  Lisa Octocat' }, 'x')).toEqual({ firstName: 'Mona Lisa', lastName: 'Octocat' });
    expect(namesOf({ name: 'Cher' }, 'x')).toEqual({ firstName: 'Cher', lastName: '-' });
    expect(namesOf({}, 'octocat')).toEqual({ firstName: 'octocat', lastName: '-' });
  });

  it('cuts a long name by characters, never inside an emoji, and mends half a character', () => {
    const long = `${'a'.repeat(99)}😀😀`;
    expect(namesOf({ given_name: long, family_name: 'B\ud800' }, 'x')).toEqual({ firstName: `${'a'.repeat(99)}😀`, lastName: 'B\ufffd' });
    expect(namesOf({ given_name: 'Gr\u0000ace', family_name: 'Hopper' }, 'x')).toEqual({ firstName: 'Grace', lastName: 'Hopper' });
    const { firstName } = namesOf({ name: `${'b'.repeat(99)}😀😀 Hopper` }, 'x');
    expect([...firstName]).toHaveLength(100);
    expect(firstName.endsWith('😀')).toBe(true);
  });
});
