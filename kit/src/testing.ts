// Test helpers for the screens built on kit: a fetch double that records calls, API-shaped fixtures. Never part of
// an app's bundle (only tests import @app/kit/testing).
export * from './test/fetchMock';
export * from './test/fixtures';
export * from './test/averages';
