import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../src/config.ts';

describe('configuration', () => {
  it('works with nothing set: port 3000, ./data, embedded database, sandbox payments', () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.dataDirectory).toMatch(/\/data$/);
    expect(config.databaseUrl).toBeUndefined();
    expect(config.publicUrl).toBe('http://localhost:3000');
    expect(config.storage).toEqual({ kind: 'local' });
    expect(config.payments).toEqual({ kind: 'sandbox' });
    expect(config.isServingWeb).toBe(true);
  });

  it('names the variable that is wrong', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(ConfigError);
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'mysql://x' })).toThrow(/DATABASE_URL/);
    expect(() => loadConfig({ PUBLIC_URL: 'not a url' })).toThrow(/PUBLIC_URL/);
    expect(() => loadConfig({ STORAGE: 's3' })).toThrow(/S3_BUCKET/);
  });

  it('reads the database limits and the direct address, defaulting them', () => {
    const pooled = 'postgres://carta@pgbouncer:6432/carta';
    const direct = 'postgres://carta@db:5432/carta';
    const defaults = loadConfig({ DATABASE_URL: pooled });
    expect(defaults.databaseListenUrl).toBe(pooled);
    expect(defaults.databaseStatementTimeoutMs).toBe(5_000);
    expect(defaults.databasePoolWaitMs).toBe(3_000);
    const set = loadConfig({
      DATABASE_URL: pooled,
      DATABASE_LISTEN_URL: direct,
      DATABASE_STATEMENT_TIMEOUT_MS: '0',
      DATABASE_POOL_WAIT_MS: '500',
    });
    expect(set.databaseListenUrl).toBe(direct);
    expect(set.databaseStatementTimeoutMs).toBe(0);
    expect(set.databasePoolWaitMs).toBe(500);
    expect(loadConfig({}).databaseListenUrl).toBeUndefined();
    expect(() => loadConfig({ DATABASE_URL: pooled, DATABASE_LISTEN_URL: 'mysql://x' })).toThrow(
      /DATABASE_LISTEN_URL/,
    );
    expect(() => loadConfig({ DATABASE_LISTEN_URL: direct })).toThrow(
      /DATABASE_LISTEN_URL: only with DATABASE_URL/,
    );
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '-1' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ DATABASE_STATEMENT_TIMEOUT_MS: '5s' })).toThrow(
      /DATABASE_STATEMENT_TIMEOUT_MS/,
    );
    expect(() => loadConfig({ DATABASE_POOL_WAIT_MS: '0' })).toThrow(/DATABASE_POOL_WAIT_MS/);
    expect(() => loadConfig({ DATABASE_POOL_WAIT_MS: '120000' })).toThrow(/DATABASE_POOL_WAIT_MS/);
  });

  it('treats an empty variable as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', PORT: '' }).port).toBe(3000);
  });
});
