import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import zipcodes from 'zipcodes';
import {
  bundledZipLookup,
  textZipLookup,
  zipPlacesText,
} from '../../../../functions/adapters/lookup/bundled-zip-lookup';
import { httpZipLookup } from '../../../../functions/adapters/lookup/http-zip-lookup';
import { toZipPlace } from '../../../../functions/core/lookup/zip-lookup';

describe('ZIP places', () => {
  it('normalises the state and refuses what is not a US place', () => {
    expect(toZipPlace('78701', ' Austin ', 'tx')).toEqual({ zip: '78701', city: 'Austin', state: 'TX' });
    expect(toZipPlace('78701', 'Austin', 'Texas')).toBeNull();
    expect(toZipPlace('78701', '', 'TX')).toBeNull();
    expect(toZipPlace('78701', undefined, 'TX')).toBeNull();
  });

  it('finds real US ZIP codes in the bundled dataset, and nothing for unknown ones', async () => {
    expect(await bundledZipLookup.lookup('90210')).toEqual({ zip: '90210', city: 'Beverly Hills', state: 'CA' });
    expect(await bundledZipLookup.lookup('10001')).toEqual({ zip: '10001', city: 'New York', state: 'NY' });
    expect(await bundledZipLookup.lookup('00000')).toBeNull();
  });

  it('answers from the data file exactly as from the package, for every US ZIP and for what is none', async () => {
    const text = zipPlacesText(zipcodes.codes);
    const fromFile = textZipLookup(() => text);
    const fromPackage = (zip: string) => {
      const found = zipcodes.lookup(zip);
      return found && found.country === 'US' ? toZipPlace(zip, found.city, found.state) : null;
    };
    const canadian = Object.keys(zipcodes.codes).find((k) => zipcodes.codes[k]!.country !== 'US')!;
    const odd = ['', '0', '9021', '902100', ' 90210', '90210 ', '90210\tBeverly Hills', 'A1B', canadian, '__proto__'];
    for (const zip of [...Object.keys(zipcodes.codes), ...odd]) {
      expect(await fromFile.lookup(zip), zip).toEqual(fromPackage(zip));
    }
  });
});

describe('public ZIP service adapter', () => {
  let server: http.Server;
  let base: string;

  beforeAll(async () => {
    // Answers in the public service's shape: /us/{zip} -> { places: [{ 'place name', 'state abbreviation' }] }.
    server = http.createServer((req, res) => {
      if (req.url === '/us/78701') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            'post code': '78701',
            country: 'United States',
            'country abbreviation': 'US',
            places: [{ 'place name': 'Austin', longitude: '-97.7426', state: 'Texas', 'state abbreviation': 'TX' }],
          }),
        );
      } else if (req.url === '/us/50000') {
        res.writeHead(500).end();
      } else {
        res.writeHead(404, { 'content-type': 'application/json' }).end('{}');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });

  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it('reads the first place, maps 404 to unknown and failures to a 502', async () => {
    const lookup = httpZipLookup(`${base}/`);
    expect(await lookup.lookup('78701')).toEqual({ zip: '78701', city: 'Austin', state: 'TX' });
    expect(await lookup.lookup('99999')).toBeNull();
    await expect(lookup.lookup('50000')).rejects.toMatchObject({ status: 502 });
    await expect(httpZipLookup('http://127.0.0.1:9').lookup('78701')).rejects.toMatchObject({ status: 502 });
  });
});
