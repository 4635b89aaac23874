import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { platformConfig, resetConfigForTests } from '../../functions/lib/config';
import { buildApp, type MarketplaceApp } from '../../infra/app';
import { platformSettings } from '../../infra/stacks/platform-settings';

/**
 * The platform account from context: its address and fee reach every function, and values that cannot work stop
 * synthesis with the context key named. Bundling is off (these checks don't look at function code).
 */
const NO_BUNDLING = { 'aws:cdk:bundling-stacks': [] };
const ADDRESS = 'rPT1Sjq2YGrBMTttX4GZHjKu9dyfzbpAYe';
const ADMINS = ' r9Vsrg4qiSuUewGgfMA5a1TyL1oADgwFnN, rMrtq2augv49rUswu86p7voVC1FrRDMisS';
let scratch: string;
let built: MarketplaceApp;

beforeAll(() => {
  scratch = mkdtempSync(path.join(tmpdir(), 'infra-platform-'));
  built = buildApp({
    // With configured administrators (decision 062): their wallets reach every function the same way.
    context: {
      ...NO_BUNDLING,
      platformWalletAddress: ADDRESS,
      platformFeePercent: '3.75',
      adminWalletAddresses: ADMINS,
    },
    siteDir: path.join(scratch, 'no-build-here'),
    outdir: path.join(scratch, 'cdk.out'),
    nag: false,
  });
  built.app.synth();
}, 120_000);

afterAll(() => {
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

const saved = { ...process.env };
afterEach(() => {
  for (const key of ['PLATFORM_WALLET_ADDRESS', 'PLATFORM_FEE_PERCENT']) {
    if (saved[key] === undefined) delete process.env[key];
    else process.env[key] = saved[key];
  }
  resetConfigForTests();
});

describe('platform account settings from context', () => {
  it('give every function (api, workers, realtime) the address and fee', () => {
    let count = 0;
    // The API's functions are in its route areas' nested stacks (decision 038).
    for (const stack of [...Object.values(built.api.areas), built.workers, built.realtime]) {
      const fns = Template.fromStack(stack).findResources('AWS::Lambda::Function') as Record<
        string,
        { Properties: { Environment: { Variables: Record<string, unknown> } } }
      >;
      for (const fn of Object.values(fns)) {
        expect(fn.Properties.Environment.Variables).toMatchObject({
          PLATFORM_WALLET_ADDRESS: ADDRESS,
          PLATFORM_FEE_PERCENT: '3.75',
          ADMIN_WALLET_ADDRESSES: 'r9Vsrg4qiSuUewGgfMA5a1TyL1oADgwFnN,rMrtq2augv49rUswu86p7voVC1FrRDMisS',
        });
        count++;
      }
    }
    expect(count).toBeGreaterThan(Object.keys(built.api.functions).length);
  });

  it('fail synthesis with the key named when a value cannot work', () => {
    const build = (context: Record<string, string>) => () =>
      buildApp({ context: { ...NO_BUNDLING, ...context }, siteDir: path.join(scratch, 'none'), nag: false });
    expect(build({ platformWalletAddress: 'rNotAnAddress' })).toThrow(/platformWalletAddress 'rNotAnAddress'/);
    expect(build({ platformFeePercent: '2,5' })).toThrow(/platformFeePercent '2,5'/);
    expect(build({ adminWalletAddresses: 'rNotAnAddress' })).toThrow(/adminWalletAddresses 'rNotAnAddress'/);
    const ctx = (values: Record<string, string>) => (key: string) => values[key];
    // An X-address is an address too, but config.ts takes classic addresses only.
    expect(() =>
      platformSettings(ctx({ platformWalletAddress: 'XVLhHMPHU98es4dbozjVtdWzVrDjtV18pX8yuPT7y4xaEHi' })),
    ).toThrow(/platformWalletAddress/);
    expect(platformSettings(ctx({}))).toEqual({ PLATFORM_WALLET_ADDRESS: '', PLATFORM_FEE_PERCENT: '2.5' });
  });

  it('take the fees config.ts takes, except 0 (a Payment of nothing)', () => {
    const cdkTakes = (fee: string) => {
      try {
        platformSettings((key) => (key === 'platformFeePercent' ? fee : undefined));
        return true;
      } catch {
        return false;
      }
    };
    const configTakes = (fee: string) => {
      process.env.PLATFORM_WALLET_ADDRESS = ADDRESS;
      process.env.PLATFORM_FEE_PERCENT = fee;
      resetConfigForTests();
      try {
        return platformConfig().PLATFORM_FEE_PERCENT === fee;
      } catch {
        return false;
      }
    };
    for (const fee of [
      '2.5',
      '1',
      '0.25',
      '10',
      '99.99',
      '100',
      '100.00',
      '100.5',
      '2.505',
      '-1',
      '1e1',
      ' 2',
      '2.',
      '.5',
    ]) {
      expect(cdkTakes(fee), fee).toBe(configTakes(fee));
    }
    for (const fee of ['0', '0.00']) {
      expect(configTakes(fee), fee).toBe(true);
      expect(cdkTakes(fee), fee).toBe(false);
    }
  });
});
