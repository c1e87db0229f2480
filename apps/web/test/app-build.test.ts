import { BUILD_HEADER as CONTRACT_BUILD_HEADER } from '@carta/contract/public-config';
import { describe, expect, it } from 'vitest';
import { APP_BUILD, BUILD_HEADER, isBuildOutdated } from '../src/lib/app-build.ts';

describe('isBuildOutdated', () => {
  it('is true only when two real builds differ', () => {
    expect(isBuildOutdated('b2', 'b1')).toBe(true);
    expect(isBuildOutdated('b1', 'b1')).toBe(false);
  });

  it('ignores development builds and a missing header', () => {
    expect(isBuildOutdated('dev', 'b1')).toBe(false);
    expect(isBuildOutdated('b1', 'dev')).toBe(false);
    expect(isBuildOutdated(null, 'b1')).toBe(false);
    expect(isBuildOutdated('', 'b1')).toBe(false);
  });

  it("is 'dev' without the build-time constant", () => {
    expect(APP_BUILD).toBe('dev');
  });
});

describe('BUILD_HEADER', () => {
  it("is the contract's header, spelled out to keep zod out of the first load", () => {
    expect(BUILD_HEADER).toBe(CONTRACT_BUILD_HEADER);
  });
});
