import { readdirSync, statSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as account from '../account/index.js';
import * as aiDesign from '../aiDesign/index.js';
import * as analytics from '../analytics/index.js';
import * as apiKey from '../apiKey/index.js';
import * as auth from '../auth/index.js';
import * as bulk from '../bulk/index.js';
import * as calendar from '../calendar/index.js';
import * as campaign from '../campaign/index.js';
import * as catalog from '../catalog/index.js';
import * as checkout from '../checkout/index.js';
import * as client from '../client/index.js';
import * as color from '../color/index.js';
import * as crossSelling from '../crossSelling/index.js';
import * as currency from '../currency/index.js';
import * as customer from '../customer/index.js';
import * as dates from '../dates/index.js';
import * as design from '../design/index.js';
import * as emailMarketing from '../emailMarketing/index.js';
import * as enums from '../enums/index.js';
import * as errors from '../errors/index.js';
import * as featured from '../featured/index.js';
import * as feedback from '../feedback/index.js';
import * as fulfillment from '../fulfillment/index.js';
import * as core from '../index.js';
import * as ledger from '../ledger/index.js';
import * as locale from '../locale/index.js';
import * as menu from '../menu/index.js';
import * as notification from '../notification/index.js';
import * as order from '../order/index.js';
import * as pages from '../pages/index.js';
import * as personalized from '../personalized/index.js';
import * as points from '../points/index.js';
import * as pricing from '../pricing/index.js';
import * as promotion from '../promotion/index.js';
import * as quality from '../quality/index.js';
import * as referral from '../referral/index.js';
import * as state from '../state/index.js';
import * as store from '../store/index.js';
import * as survey from '../survey/index.js';
import * as text from '../text/index.js';
import * as time from '../time/index.js';
import * as upload from '../upload/index.js';
import * as user from '../user/index.js';
import * as api from './index.js';

const SRC = new URL('../', import.meta.url);

/** Every folder of core with an index: the domain concepts the package exports. */
const folders = readdirSync(SRC).filter(
  (name) =>
    statSync(new URL(name, SRC)).isDirectory() &&
    readdirSync(new URL(`${name}/`, SRC)).includes('index.ts'),
);

/** Each folder's own index, to check the package index leaves none of them out. */
const folderIndexes: Record<string, Record<string, unknown>> = {
  account,
  aiDesign,
  analytics,
  apiKey,
  api,
  auth,
  bulk,
  calendar,
  campaign,
  catalog,
  checkout,
  client,
  color,
  currency,
  customer,
  dates,
  design,
  emailMarketing,
  enums,
  errors,
  featured,
  feedback,
  ledger,
  points,
  fulfillment,
  locale,
  menu,
  notification,
  order,
  pages,
  personalized,
  pricing,
  promotion,
  quality,
  referral,
  crossSelling,
  state,
  store,
  survey,
  text,
  time,
  upload,
  user,
};

const schemasOf = (exports: Record<string, unknown>) =>
  Object.entries(exports).filter(
    (entry): entry is [string, z.ZodType] => entry[1] instanceof z.ZodType,
  );

/** What the package index exports, by name: what other packages can reach. */
const exported = schemasOf(core);

describe('every zod schema core exports', () => {
  it('reaches other packages through the package index, from every folder', () => {
    expect(Object.keys(folderIndexes).sort()).toEqual([...folders].sort());
    const missing: string[] = [];
    for (const [folder, exports] of Object.entries(folderIndexes)) {
      for (const [name, schema] of schemasOf(exports)) {
        if ((core as Record<string, unknown>)[name] !== schema) missing.push(`${folder}/${name}`);
      }
    }
    expect(missing).toEqual([]);
    expect(exported.length).toBeGreaterThan(150);
  });

  // `/api/docs` is written from these schemas, requests as input and answers as output, in
  // OpenAPI 3.0: a part that cannot be written as JSON Schema would leave a hole in it.
  it.each(exported)(
    '%s is written as JSON Schema, whole, as input and as output',
    (_name, schema) => {
      for (const io of ['input', 'output'] as const) {
        const json = z.toJSONSchema(schema, { io, target: 'openapi-3.0' });
        expect(JSON.parse(JSON.stringify(json))).toEqual(json);
      }
    },
  );

  // The server answers a request that fails its schema with 400 and field errors; a schema that
  // threw on odd input would turn into a 500 instead.
  it.each(exported)('%s refuses odd input without throwing', (_name, schema) => {
    const odd: unknown[] = [
      undefined,
      null,
      0,
      -1,
      Number.NaN,
      Number.POSITIVE_INFINITY,
      '',
      'x'.repeat(10_000),
      '{"__proto__":{"polluted":true}}',
      '[',
      true,
      [],
      [null, 1, 'a'],
      {},
      JSON.parse('{"__proto__":{"polluted":true},"id":"1"}'),
      { id: -5, designs: '[{"new_url":1}]', print_spaces: '{"a":', options: 'x', data: [] },
      { success: true },
      Object.create(null),
    ];
    for (const value of odd) expect(() => schema.safeParse(value)).not.toThrow();
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });
});
